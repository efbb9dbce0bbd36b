import { startEmbedded } from './topology/embedded.ts';

/** `npm start`: MER in one process on its embedded defaults. */
const mer = await startEmbedded();
const shown = mer.url.replace('0.0.0.0', 'localhost').replace('127.0.0.1', 'localhost');
console.log(`\n  MER is running at ${shown}\n  Stop with Ctrl+C. Data lives in ./data.\n`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    await mer.stop();
    process.exit(0);
  });
}

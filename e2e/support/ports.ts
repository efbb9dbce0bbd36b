import { createServer } from 'node:net';

/**
 * A random offset in [from, to) at which every one of `ports` (each plus the offset) is free on 127.0.0.1, for a
 * cluster whose processes must know each other's addresses before they start. Keep the range below the system's
 * ephemeral ports (32768 and up on Linux): there no other process's socket is handed one of them meanwhile (a
 * journey running beside this one, its services on ports the system chose). Journeys that run side by side take
 * ranges that do not overlap.
 */
export async function freeOffset(ports: readonly number[], from: number, to: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const offset = from + Math.floor(Math.random() * (to - from));
    const free = await Promise.all(ports.map((port) => canListen(port + offset)));
    if (free.every(Boolean)) return offset;
  }
  throw new Error(`No offset in [${from}, ${to}) leaves ports ${ports.join(', ')} free`);
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

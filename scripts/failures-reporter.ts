import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, SerializedError, TestModule } from 'vitest/node';

/**
 * A vitest reporter that writes what failed, a few lines each, to MER_FAILURES_FILE: failing tests, and the
 * failures no test carries (a beforeAll that threw, a file that did not load, an unhandled error), which the
 * JSON report leaves out. `npm test` prints the file last, where the tail of a CI log shows it.
 */
export default class FailuresReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>): void {
    const file = process.env.MER_FAILURES_FILE;
    if (!file) return;
    const lines: string[] = [];
    const add = (where: string, errors: ReadonlyArray<SerializedError>) => {
      if (errors.length) lines.push(`${where}\n${firstLines(errors[0]!)}`);
    };
    for (const module of modules) {
      const path = relative(process.cwd(), module.moduleId);
      add(`${path} (the file)`, module.errors());
      for (const suite of module.children.allSuites())
        add(`${path} > ${suite.fullName} (set-up)`, suite.errors());
      for (const test of module.children.allTests()) {
        const result = test.result();
        if (result.state === 'failed') add(`${path} > ${test.fullName}`, result.errors ?? []);
      }
    }
    add('unhandled error', unhandledErrors);
    writeFileSync(file, lines.join('\n'));
  }
}

/**
 * The error's message (a Playwright timeout's call log says what it waited for) and the first place in MER's own code
 * it came from, without colour codes: enough to know what broke.
 */
function firstLines(error: SerializedError): string {
  const plain = (text: string) =>
    text
      .replace(/\u001b\[[0-9;]*m/g, '') // eslint-disable-line no-control-regex
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
  const message = plain(`${error.name ?? 'Error'}: ${error.message ?? ''}`).slice(0, 8);
  const ours = plain(error.stack ?? '').find((l) => l.startsWith('at ') && !l.includes('node_modules'));
  return [...message, ...(ours ? [ours] : [])].map((l) => `    ${l.slice(0, 240)}`).join('\n');
}

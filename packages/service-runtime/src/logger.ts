import { pino, type Logger, type LoggerOptions } from 'pino';

export type { Logger };

/** Paths never written to logs: credentials, tokens and cookies. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-operator-key"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.confirmPassword',
  '*.currentPassword',
  '*.newPassword',
  '*.token',
  '*.refreshToken',
  '*.accessToken',
];

export function createLogger(name: string, level: string = process.env.LOG_LEVEL ?? 'info'): Logger {
  const options: LoggerOptions = {
    name,
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    // Each service's child logger adds `service`; the root carries only the process name.
    base: { pid: process.pid },
  };
  return pino(options);
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** How long things identity hands out stay valid. */
export const Lifetimes = {
  /** Absolute lifetime of a session (refresh-token family) with "remember me" (the login page says 30 days). */
  rememberedSessionMs: 30 * DAY_MS,
  /** Absolute lifetime of a session without it; its cookie also ends with the browser session. */
  browserSessionMs: 1 * DAY_MS,
  passwordResetMs: 1 * HOUR_MS,
  signupConfirmationMs: 7 * DAY_MS,
  emailChangeConfirmationMs: 1 * DAY_MS,
} as const;

export function sessionLifetimeMs(rememberMe: boolean): number {
  return rememberMe ? Lifetimes.rememberedSessionMs : Lifetimes.browserSessionMs;
}

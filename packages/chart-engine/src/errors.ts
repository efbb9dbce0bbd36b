/** Why an input cannot be charted; `code` is stable so callers can map it to their own error texts. */
export type ChartInputErrorCode =
  | 'INVALID_DATE'
  | 'DATE_BEFORE_1900'
  | 'FUTURE_DATE'
  | 'INVALID_TIME'
  | 'INVALID_COORDINATES'
  | 'UNKNOWN_TIME_ZONE';

export class ChartInputError extends Error {
  constructor(
    readonly code: ChartInputErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ChartInputError';
  }
}

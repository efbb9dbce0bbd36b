import { ErrorCatalogue, type ErrorCode } from '@mer/contracts';

export interface FieldError {
  field: string;
  message: string;
}

/** A failed API call, carrying the spec's title and message for the toast. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly title: string;
  readonly retryable: boolean;
  /** HTTP status; 0 when the server could not be reached. */
  readonly status: number;
  readonly fields: FieldError[];
  readonly retryAfterSeconds?: number;

  constructor(init: {
    code: ErrorCode;
    title: string;
    message: string;
    retryable: boolean;
    status: number;
    fields?: FieldError[];
    retryAfterSeconds?: number;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.code = init.code;
    this.title = init.title;
    this.retryable = init.retryable;
    this.status = init.status;
    this.fields = init.fields ?? [];
    this.retryAfterSeconds = init.retryAfterSeconds;
  }

  /** The message for a field, matched by its last path segment ("body.username" → "username"). */
  fieldMessage(name: string): string | undefined {
    return this.fields.find((f) => f.field === name || f.field.endsWith(`.${name}`))?.message;
  }
}

export function catalogueError(code: ErrorCode, status?: number, message?: string): ApiError {
  const entry = ErrorCatalogue[code];
  return new ApiError({
    code,
    title: entry.title,
    message: message ?? entry.message,
    retryable: entry.retryable,
    status: status ?? entry.status,
  });
}

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ErrorCatalogue, value);
}

/** The status-based rows of the spec's generic mapping, for answers that carry no MER error body. */
export function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'authentication_error';
  if (status === 403) return 'permission_denied';
  if (status === 404) return 'item_not_found';
  if (status === 409) return 'duplicate_entry';
  if (status === 413) return 'request_too_large';
  if (status === 429) return 'too_many_requests';
  if (status === 400 || status === 422) return 'invalid_data';
  if (status >= 500) return 'server_error';
  return 'unexpected_error';
}

/** Builds the error for a non-2xx answer from its status and (possibly) MER error body. */
export function errorFromResponse(status: number, body: unknown): ApiError {
  const error = (body as { error?: Record<string, unknown> } | null)?.error;
  if (error && isErrorCode(error.code)) {
    const details = (error.details ?? {}) as { fields?: FieldError[]; retryAfterSeconds?: number };
    return new ApiError({
      code: error.code,
      title: typeof error.title === 'string' ? error.title : ErrorCatalogue[error.code].title,
      message: typeof error.message === 'string' ? error.message : ErrorCatalogue[error.code].message,
      retryable:
        typeof error.retryable === 'boolean' ? error.retryable : ErrorCatalogue[error.code].retryable,
      status,
      fields: Array.isArray(details.fields) ? details.fields : [],
      retryAfterSeconds: details.retryAfterSeconds,
    });
  }
  return catalogueError(codeForStatus(status), status);
}

/**
 * Any thrown value as an ApiError, by the spec's generic mapping table (section 8): a message about fetch is a
 * connection error, rate limits are 'Too Many Requests', JWT/auth is an authentication error, anything else is
 * 'Unexpected Error' with the message text.
 */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const lower = message.toLowerCase();
  if (
    (error instanceof DOMException && (error.name === 'AbortError' || error.name === 'TimeoutError')) ||
    lower.includes('fetch') ||
    lower.includes('network')
  ) {
    return catalogueError('connection_error', 0);
  }
  if (lower.includes('rate limit')) return catalogueError('too_many_requests');
  if (lower.includes('jwt') || /\bauth/.test(lower)) return catalogueError('authentication_error');
  return catalogueError('unexpected_error', 500, message || ErrorCatalogue.unexpected_error.message);
}

/** Title and message for a toast about any failure. */
export function describeError(error: unknown): { title: string; description: string } {
  const apiError = toApiError(error);
  return { title: apiError.title, description: apiError.message };
}

/** Security errors (authentication, permission) are never retried automatically. */
export function isSecurityError(error: unknown): boolean {
  return (
    error instanceof ApiError && (error.code === 'authentication_error' || error.code === 'permission_denied')
  );
}

export function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

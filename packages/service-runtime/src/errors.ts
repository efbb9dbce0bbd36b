import { ErrorCatalogue, type ErrorCode, type ErrorBody } from '@mer/contracts';

export interface FieldProblem {
  field: string;
  message: string;
}

/**
 * An error the client is meant to see. Title and message default to the spec's generic mapping
 * for the code; use cases pass the spec's own wording where it has one ('Password too short').
 */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly title: string;
  readonly retryable: boolean;
  readonly fields?: FieldProblem[];
  readonly retryAfterSeconds?: number;

  constructor(
    code: ErrorCode,
    opts: {
      title?: string;
      message?: string;
      fields?: FieldProblem[];
      retryAfterSeconds?: number;
      status?: number;
    } = {},
  ) {
    const entry = ErrorCatalogue[code];
    super(opts.message ?? entry.message);
    this.name = 'DomainError';
    this.code = code;
    this.status = opts.status ?? entry.status;
    this.title = opts.title ?? entry.title;
    this.retryable = entry.retryable;
    if (opts.fields) this.fields = opts.fields;
    if (opts.retryAfterSeconds !== undefined) this.retryAfterSeconds = opts.retryAfterSeconds;
  }

  toBody(requestId?: string): ErrorBody {
    const details: NonNullable<ErrorBody['error']['details']> = {};
    if (this.fields) details.fields = this.fields;
    if (this.retryAfterSeconds !== undefined) details.retryAfterSeconds = this.retryAfterSeconds;
    if (requestId) details.requestId = requestId;
    return {
      error: {
        code: this.code,
        title: this.title,
        message: this.message,
        retryable: this.retryable,
        ...(Object.keys(details).length ? { details } : {}),
      },
    };
  }
}

/** Invalid input with the spec's title and message, naming the field. */
export function invalidData(title: string, message: string, field?: string): DomainError {
  return new DomainError('invalid_data', {
    title,
    message,
    ...(field ? { fields: [{ field, message }] } : {}),
  });
}
export const notFound = (message?: string) => new DomainError('item_not_found', message ? { message } : {});
export const permissionDenied = (message?: string) =>
  new DomainError('permission_denied', message ? { message } : {});
export const authenticationError = (message?: string) =>
  new DomainError('authentication_error', message ? { message } : {});
export const duplicateEntry = (title?: string, message?: string) =>
  new DomainError('duplicate_entry', { ...(title ? { title } : {}), ...(message ? { message } : {}) });
export const tooManyRequests = (retryAfterSeconds: number) =>
  new DomainError('too_many_requests', { retryAfterSeconds });

/** Postgres error codes the spec's generic table maps (section 8). */
const PG_CODE_TO_ERROR: Record<string, ErrorCode> = {
  '42501': 'permission_denied',
  '23505': 'duplicate_entry',
  '23503': 'invalid_reference',
  '23514': 'invalid_data',
  '22001': 'invalid_data',
  '22P02': 'invalid_data',
  '22021': 'invalid_data', // text with a NUL or bytes invalid in UTF-8
  '08006': 'database_connection_error',
  '08003': 'database_connection_error',
  '57P01': 'database_connection_error',
  '54000': 'request_too_large',
};

/** Turns anything thrown inside a request into the public error format. Never leaks a stack. */
export function toDomainError(err: unknown): DomainError {
  if (err instanceof DomainError) return err;
  const e = err as { code?: string; statusCode?: number; validation?: unknown[]; validationContext?: string };
  if (e && Array.isArray(e.validation)) {
    const fields = e.validation.map((v) => describeValidationIssue(v, e.validationContext));
    return new DomainError('invalid_data', { fields });
  }
  if (e?.code && PG_CODE_TO_ERROR[e.code]) return new DomainError(PG_CODE_TO_ERROR[e.code]!);
  if (e?.code === 'ECONNREFUSED' || e?.code === 'ECONNRESET') return new DomainError('connection_error');
  const status = e?.statusCode;
  if (status === 413 || e?.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return new DomainError('request_too_large');
  if (status === 415 || e?.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    return new DomainError('invalid_data', { status: 415, message: 'This content type is not accepted.' });
  if (status === 429) return new DomainError('too_many_requests');
  if (status === 401) return new DomainError('authentication_error');
  if (status === 403) return new DomainError('permission_denied');
  if (status === 404) return new DomainError('item_not_found');
  if (status && status >= 400 && status < 500) return new DomainError('invalid_data', { status });
  return new DomainError('server_error');
}

function describeValidationIssue(issue: unknown, context?: string): FieldProblem {
  const v = issue as {
    instancePath?: string;
    message?: string;
    params?: Record<string, unknown>;
    keyword?: string;
  };
  let path = (v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  if (v.keyword === 'required' && typeof v.params?.missingProperty === 'string') {
    path = path ? `${path}.${v.params.missingProperty}` : v.params.missingProperty;
  }
  if (v.keyword === 'additionalProperties' && typeof v.params?.additionalProperty === 'string') {
    path = path ? `${path}.${v.params.additionalProperty}` : v.params.additionalProperty;
  }
  const field = [context, path].filter(Boolean).join('.') || (context ?? 'request');
  // Text that is not a string: the spec's sanitiser wording (001 section 5), for every text field alike.
  if (v.keyword === 'type' && v.params?.type === 'string') return { field, message: 'Invalid input type' };
  return { field, message: v.message ?? 'is invalid' };
}

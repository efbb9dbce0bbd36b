// No imports here: the web front ends bundle this table, and TypeBox would add ~25 KB to their first load.
/**
 * The generic error mapping of the product specification (section 8 of both documents).
 * Every API error carries one of these codes; the web front ends use the same table for toasts.
 */
export const ErrorCatalogue = {
  connection_error: {
    status: 503,
    title: 'Connection Error',
    message: 'Unable to connect to the server. Please check your internet connection',
    retryable: true,
  },
  permission_denied: {
    status: 403,
    title: 'Permission Denied',
    message: "You don't have permission to perform this action.",
    retryable: false,
  },
  duplicate_entry: {
    status: 409,
    title: 'Duplicate Entry',
    message: 'This item already exists. Please try a different approach.',
    retryable: false,
  },
  invalid_reference: {
    status: 409,
    title: 'Invalid Reference',
    message: 'The referenced item no longer exists.',
    retryable: false,
  },
  invalid_data: {
    status: 400,
    title: 'Invalid Data',
    message: "The data provided doesn't meet the required format.",
    retryable: false,
  },
  item_not_found: {
    status: 404,
    title: 'Item Not Found',
    message: 'The requested item could not be found.',
    retryable: false,
  },
  database_connection_error: {
    status: 503,
    title: 'Database Connection Error',
    message: 'Lost connection to database. Please try again',
    retryable: true,
  },
  request_too_large: {
    status: 413,
    title: 'Request Too Large',
    message: 'The request size is too large. Please reduce the amount of data.',
    retryable: false,
  },
  too_many_requests: {
    status: 429,
    title: 'Too Many Requests',
    message: 'Please wait a moment before trying again',
    retryable: true,
  },
  authentication_error: {
    status: 401,
    title: 'Authentication Error',
    message: 'Please log in again to continue.',
    retryable: false,
  },
  server_error: {
    status: 500,
    title: 'Server Error',
    message: 'Something went wrong on our end. Please try again later',
    retryable: true,
  },
  unexpected_error: {
    status: 500,
    title: 'Unexpected Error',
    message: 'An unexpected error occurred',
    retryable: false,
  },
} as const;

export type ErrorCode = keyof typeof ErrorCatalogue;
export const errorCodes = Object.keys(ErrorCatalogue) as ErrorCode[];

import { Type, type Static } from '@sinclair/typebox';

import { errorCodes } from './error-catalogue.ts';

export { ErrorCatalogue, errorCodes, type ErrorCode } from './error-catalogue.ts';

export const FieldError = Type.Object(
  {
    field: Type.String({ description: 'The request field, e.g. "body.email"' }),
    message: Type.String(),
  },
  { $id: 'FieldError' },
);

export const ErrorBody = Type.Object(
  {
    error: Type.Object({
      code: Type.Union(errorCodes.map((code) => Type.Literal(code))),
      title: Type.String(),
      message: Type.String(),
      retryable: Type.Boolean(),
      details: Type.Optional(
        Type.Object({
          fields: Type.Optional(Type.Array(FieldError)),
          retryAfterSeconds: Type.Optional(Type.Integer()),
          requestId: Type.Optional(Type.String()),
        }),
      ),
    }),
  },
  { $id: 'ErrorBody' },
);
export type ErrorBody = Static<typeof ErrorBody>;

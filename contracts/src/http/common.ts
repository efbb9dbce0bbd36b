import { Type } from '@sinclair/typebox';

/** A plain confirmation the front end shows as a toast: the spec's title and message. */
export const Notice = Type.Object({ title: Type.String(), message: Type.String() }, { $id: 'Notice' });

export const Email = Type.String({ minLength: 1, maxLength: 254 });
export const Uuid = Type.String({ format: 'uuid' });
export const Timestamp = Type.String({ format: 'date-time' });
export const NoContent = Type.Null({ description: 'No content' });

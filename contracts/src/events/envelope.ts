import { Type, type Static, type TSchema } from '@sinclair/typebox';

/** Subjects are `<service>.<entity>.<past-tense-event>.v<N>`, lower-case, kebab-case words. */
export const SUBJECT_PATTERN = /^[a-z][a-z-]*\.[a-z][a-z-]*\.[a-z][a-z-]*\.v[1-9][0-9]*$/;

export interface EventDefinition<S extends string = string, P extends TSchema = TSchema> {
  subject: S;
  producer: string;
  version: number;
  description: string;
  payload: P;
  envelope: TSchema;
}

export const EnvelopeFields = {
  id: Type.String({ format: 'uuid' }),
  subject: Type.String(),
  occurredAt: Type.String({ format: 'date-time' }),
  producer: Type.String(),
  version: Type.Integer({ minimum: 1 }),
};

/** The envelope every domain event travels in, whatever its payload. */
export const AnyEventEnvelope = Type.Object({ ...EnvelopeFields, payload: Type.Unknown() });
export type AnyEventEnvelope = Static<typeof AnyEventEnvelope>;

export interface EventEnvelope<P = unknown> {
  id: string;
  subject: string;
  occurredAt: string;
  producer: string;
  version: number;
  payload: P;
}

export type EventPayload<E extends EventDefinition> = Static<E['payload']>;

export function defineEvent<S extends string, P extends TSchema>(
  subject: S,
  description: string,
  payload: P,
): EventDefinition<S, P> {
  if (!SUBJECT_PATTERN.test(subject)) throw new Error(`Event subject ${subject} breaks the naming rule`);
  const [producer] = subject.split('.') as [string];
  const version = Number(subject.slice(subject.lastIndexOf('.v') + 2));
  const envelope = Type.Object(
    { ...EnvelopeFields, subject: Type.Literal(subject), producer: Type.Literal(producer), payload },
    { $id: subject, description },
  );
  return { subject, producer, version, description, payload, envelope };
}

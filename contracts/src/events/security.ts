import { Type, type Static } from '@sinclair/typebox';
import { defineEvent, type EventDefinition } from './envelope.ts';

/*
 * Security events (spec 001 section 8 "Security event names logged", section 3 security_events).
 * ONE payload schema, published by each service under its own subject
 * `<service>.security.threat-detected.v1` (a subject names its producer), so the admin service's
 * security log can consume `*.security.threat-detected.v1` and read every one the same way.
 * A payload never carries a whole hostile input: a short, cleaned sample, its length and a hash.
 */

/** Every security event name the spec lists; the text sanitiser uses the first five and the last two. */
export const SECURITY_EVENT_NAMES = [
  'suspicious_element_blocked',
  'suspicious_input_detected',
  'content_completely_stripped',
  'sanitization_error',
  'object_field_sanitized',
  'page_hidden',
  'page_visible',
  'page_unload',
  'devtools_opened',
  'right_click_detected',
  'dev_shortcut_attempted',
  'session_expired',
  'session_timeout',
  'suspicious_script_injection',
  'iframe_injection_detected',
] as const;
export type SecurityEventName = (typeof SECURITY_EVENT_NAMES)[number];

export const SECURITY_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type SecuritySeverity = (typeof SECURITY_SEVERITIES)[number];

/**
 * What the text sanitiser reports (spec 001 section 5): its nine threat labels, then its two other findings.
 * @mer/text-sanitiser produces exactly these (a test there holds the two lists together).
 */
export const SANITISER_THREATS = [
  'Script injection',
  'Data URI injection',
  'Event handler injection',
  'Script tag injection',
  'Iframe injection',
  'Object/embed injection',
  'Form injection',
  'CSS expression injection',
  'CSS behavior injection',
  'All content was stripped during sanitization',
  'Sanitization process failed',
] as const;
export type SanitiserThreat = (typeof SANITISER_THREATS)[number];

/** The longest sample of the input a security event carries. */
export const SECURITY_SAMPLE_MAX_LENGTH = 64;

export const SecurityThreatDetectedPayload = Type.Object(
  {
    name: Type.Union(SECURITY_EVENT_NAMES.map((name) => Type.Literal(name))),
    severity: Type.Union(SECURITY_SEVERITIES.map((severity) => Type.Literal(severity))),
    /** The service that saw the input (also the subject's first word). */
    service: Type.String({ minLength: 1, maxLength: 60 }),
    /** The verified member who sent it; null when no one was signed in. */
    userId: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]),
    /** Which field of which request, e.g. "profile.bio". */
    field: Type.String({ minLength: 1, maxLength: 120 }),
    /** What was found: the sanitiser's threat labels ('Script tag injection', ...). */
    labels: Type.Array(Type.Union(SANITISER_THREATS.map((label) => Type.Literal(label))), {
      maxItems: SANITISER_THREATS.length,
    }),
    /** One line for the security log, e.g. "Script tag injection in profile.bio". */
    description: Type.String({ maxLength: 300 }),
    /**
     * The input's first characters on one line (control characters blanked), at most SECURITY_SAMPLE_MAX_LENGTH.
     * Hostile by nature: show it as text, never as HTML.
     */
    sample: Type.String({ maxLength: SECURITY_SAMPLE_MAX_LENGTH }),
    /** The input's length in characters (code points), 0 for non-string input. */
    inputLength: Type.Integer({ minimum: 0 }),
    /** SHA-256 of the whole input (hex), to tell repeats apart without keeping the payload. */
    inputSha256: Type.String({ pattern: '^[0-9a-f]{64}$' }),
  },
  { additionalProperties: false },
);
export type SecurityThreatDetectedPayload = Static<typeof SecurityThreatDetectedPayload>;

/** The subject every service's security event matches (a NATS wildcard), for the admin security log. */
export const SECURITY_THREAT_DETECTED_WILDCARD = '*.security.threat-detected.v1';

/** A service's own security event: `<service>.security.threat-detected.v1`, the shared payload. */
export function securityThreatDetectedEvent<S extends string>(
  service: S,
): EventDefinition<`${S}.security.threat-detected.v1`, typeof SecurityThreatDetectedPayload> {
  return defineEvent(
    `${service}.security.threat-detected.v1`,
    `${service} found hostile or broken member input (the text sanitiser's threats) and logs it for the admin security log.`,
    SecurityThreatDetectedPayload,
  );
}

import { createHash } from 'node:crypto';
import {
  SECURITY_SAMPLE_MAX_LENGTH,
  type SecurityEventName,
  type SecuritySeverity,
  type SecurityThreatDetectedPayload,
} from '@mer/contracts';

import { codePointLength, SANITISER_TEXTS, type SanitiseResult, type Threat } from './sanitise.ts';
import { THREAT_LABELS } from './threats.ts';

/*
 * Turning a sanitiser result into the shared security event payload (contracts/src/events/security.ts),
 * with the spec's names and severities (section 8). One event per sanitised field: the name and severity of
 * the worst thing found, every label in `labels`.
 */

interface Classification {
  name: SecurityEventName;
  severity: SecuritySeverity;
}

/** From the worst to the least: the first rule whose threats were found names the event. */
const RULES: readonly { threats: readonly Threat[]; event: Classification }[] = [
  {
    threats: [
      THREAT_LABELS.scriptTagInjection,
      THREAT_LABELS.scriptInjection,
      THREAT_LABELS.eventHandlerInjection,
    ],
    event: { name: 'suspicious_script_injection', severity: 'critical' },
  },
  {
    threats: [THREAT_LABELS.iframeInjection],
    event: { name: 'iframe_injection_detected', severity: 'high' },
  },
  {
    threats: [THREAT_LABELS.objectEmbedInjection, THREAT_LABELS.formInjection],
    event: { name: 'suspicious_element_blocked', severity: 'high' },
  },
  {
    threats: [
      THREAT_LABELS.dataUriInjection,
      THREAT_LABELS.cssExpressionInjection,
      THREAT_LABELS.cssBehaviorInjection,
    ],
    event: { name: 'suspicious_input_detected', severity: 'medium' },
  },
  { threats: [SANITISER_TEXTS.failed], event: { name: 'sanitization_error', severity: 'medium' } },
  {
    threats: [SANITISER_TEXTS.contentStripped],
    event: { name: 'content_completely_stripped', severity: 'low' },
  },
];

/** The security event name and severity for a set of threats (undefined when there are none). */
export function classifyThreats(threats: readonly Threat[]): Classification | undefined {
  return RULES.find((rule) => rule.threats.some((threat) => threats.includes(threat)))?.event;
}

// eslint-disable-next-line no-control-regex
const NOT_FOR_LOGS = /[\u0000-\u001f\u007f]/g;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** The input's first characters on one line, safe for jsonb and logs; never the whole of a long input. */
export function sampleOf(input: string): string {
  const line = input.replace(LONE_SURROGATE, '\ufffd').replace(NOT_FOR_LOGS, ' ');
  const points = Array.from(line);
  if (points.length <= SECURITY_SAMPLE_MAX_LENGTH) return line;
  return `${points.slice(0, SECURITY_SAMPLE_MAX_LENGTH - 1).join('')}…`;
}

export interface SecurityEventContext {
  /** The publishing service, e.g. 'profile-onboarding' (the subject's first word). */
  service: string;
  /** The verified member who sent the text, null when no one was signed in. */
  userId: string | null;
  /** Which field, e.g. 'profile.bio'. */
  field: string;
}

/**
 * The security event payload for a sanitiser result with threats:
 *   const result = sanitise(input, { allowHtml, maxLength });
 *   if (result.threats.length) await tx.publish(MyServiceThreatDetected, securityEvent(result, context));
 * Throws when the result has no threats (a programming error: there is nothing to report).
 */
export function securityEvent(
  result: SanitiseResult,
  context: SecurityEventContext,
): SecurityThreatDetectedPayload {
  const event = classifyThreats(result.threats);
  if (!event) throw new Error('securityEvent needs a sanitiser result with threats');
  const input = result.evidence?.input ?? '';
  return {
    name: event.name,
    severity: event.severity,
    service: context.service,
    userId: context.userId,
    field: context.field,
    labels: [...result.threats],
    description: `${result.threats.join(', ')} in ${context.field}`.slice(0, 300),
    sample: sampleOf(input),
    inputLength: codePointLength(input),
    inputSha256: createHash('sha256').update(input, 'utf8').digest('hex'),
  };
}

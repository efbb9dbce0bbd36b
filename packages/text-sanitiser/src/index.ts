export {
  sanitise,
  DEFAULT_MAX_LENGTH,
  FORMATTING_TAGS,
  LINK_SCHEMES,
  SANITISER_TEXTS,
  type SanitiseOptions,
  type SanitiseResult,
  type Threat,
  type ThreatEvidence,
} from './sanitise.ts';
export { detectThreats, THREAT_LABELS, type ThreatLabel } from './threats.ts';
export { classifyThreats, sampleOf, securityEvent, type SecurityEventContext } from './security-event.ts';

import { allEvents, SecurityThreatDetectedPayload, type EventDefinition } from '@mer/contracts';
import { defineConsumer } from '../../deps.ts';
import { recordThreat } from '../../use-cases/security-log.ts';

/**
 * Every service's `<service>.security.threat-detected.v1` (one shared payload, contracts/src/events/security.ts),
 * found in the contracts, so a service that starts publishing one is logged without a change here. One durable
 * consumer per subject (`admin-security-<service>`): the bus subscribes by subject, and each publisher's stream is
 * its own. The file covers the family of subjects rather than one, which is the one exception to "a file per
 * subject".
 */
const SUFFIX = '.security.threat-detected.v1';

const threatEvents = allEvents.filter(
  (event): event is EventDefinition<string, typeof SecurityThreatDetectedPayload> =>
    event.subject.endsWith(SUFFIX),
);

export const securityThreatConsumers = threatEvents.map((event) =>
  defineConsumer({
    name: `security-${event.subject.slice(0, -SUFFIX.length)}`,
    event,
    handle: (envelope, tx) => recordThreat(tx, envelope.id, envelope.payload),
  }),
);

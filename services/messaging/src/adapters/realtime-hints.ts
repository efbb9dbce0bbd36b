import type { EventDefinition } from '@mer/contracts';
import { newEventEnvelope, type EventBus } from '@mer/service-runtime';
import type { Static } from '@sinclair/typebox';

/**
 * Realtime hints (typing) go straight to the bus, not through the outbox: they are worth nothing a few seconds
 * later, so losing one in a crash is harmless and storing them would be waste.
 */
export interface RealtimeHints {
  publish<E extends EventDefinition>(def: E, payload: Static<E['payload']>): Promise<void>;
}

export function busHints(bus: EventBus): RealtimeHints {
  return {
    async publish(def, payload) {
      await bus.publish(newEventEnvelope(def, payload));
    },
  };
}

import { Type, type Static } from '@sinclair/typebox';
import type { BaseConfig } from '@mer/service-runtime';

/** search's own settings, added to the base ones every service reads (PORT, DATABASE_URL, NATS_URL, ...). */
export const SearchConfigSchema = Type.Object({
  /**
   * How many matches of each source the engine hands to the spec's scoring (a source's first matches); the best 20
   * of them are answered. More finds better matches among very common words, at a cost in time.
   */
  SEARCH_CANDIDATES_PER_SOURCE: Type.Integer({ minimum: 20, maximum: 2000, default: 30 }),
  /** A rebuild's replay stops once no event arrived for this long (milliseconds). */
  SEARCH_REBUILD_IDLE_MS: Type.Integer({ minimum: 500, maximum: 600_000, default: 10_000 }),
});

export type SearchConfig = Static<typeof SearchConfigSchema> & BaseConfig;

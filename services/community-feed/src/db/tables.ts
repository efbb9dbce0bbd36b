import type { ColumnType, Kysely, Selectable } from 'kysely';

/** community-feed's tables as Kysely sees them (its own schema; search_path points there). Times are timestamptz. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface GreetingsTable {
  id: string;
  /** The member who greeted (identity's user id). */
  member_id: string;
  recipient: string;
  message: string;
  greeted_at: Defaulted<Date>;
}

export interface CommunityFeedTables {
  greetings: GreetingsTable;
}

export type CommunityFeedDb = Kysely<CommunityFeedTables>;
export type GreetingRow = Selectable<GreetingsTable>;

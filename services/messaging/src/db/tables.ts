import type { ColumnType, Kysely, Selectable } from 'kysely';

/** messaging's tables as Kysely sees them (its own schema; search_path points there). Times are timestamptz. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface MembersTable {
  user_id: string;
  name: Defaulted<string>;
  image_url: string | null;
  profile_at: Date;
}

export interface MemberSettingsTable {
  user_id: string;
  read_receipts: Defaulted<boolean>;
  only_connections: Defaulted<boolean>;
  updated_at: Defaulted<Date>;
}

export interface BlocksTable {
  blocker_id: string;
  blocked_id: string;
  blocked_at: Date;
}

export interface ConnectionsTable {
  member_low: string;
  member_high: string;
  connected_at: Date;
}

export interface ConversationsTable {
  id: string;
  created_by: string | null;
  is_group: Defaulted<boolean>;
  title: string | null;
  pair_low: string | null;
  pair_high: string | null;
  last_sequence: Defaulted<number>;
  last_message_body: Defaulted<string | null>;
  last_message_at: Defaulted<Date | null>;
  created_at: Defaulted<Date>;
  updated_at: Defaulted<Date>;
}

export interface ConversationMembersTable {
  conversation_id: string;
  user_id: string;
  unread_count: Defaulted<number>;
  last_read_sequence: Defaulted<number>;
  joined_at: Defaulted<Date>;
}

export interface MessagesTable {
  id: string;
  conversation_id: string;
  sequence: number;
  sender_id: string | null;
  body: string | null;
  photo_url: Defaulted<string | null>;
  client_message_id: string | null;
  created_at: Defaulted<Date>;
  edited_at: Defaulted<Date | null>;
  deleted_at: Defaulted<Date | null>;
  reaction_count: Defaulted<number>;
}

export interface MessageReactionsTable {
  message_id: string;
  user_id: string;
  reaction: string;
  reacted_at: Defaulted<Date>;
}

export interface MemberMembershipsTable {
  membership_id: string;
  user_id: string;
  status: 'active' | 'cancelled' | 'expired';
  expires_at: Date | null;
  cancel_at_period_end: boolean;
  occurred_at: Date;
}

export interface MessagePhotosTable {
  id: string;
  owner_id: string;
  storage_key: string;
  width: number;
  height: number;
  message_id: Defaulted<string | null>;
  created_at: Defaulted<Date>;
}

export interface PhotoDeletionsTable {
  storage_key: string;
  queued_at: Defaulted<Date>;
}

/** A member's report of a message to the moderators (issue 20). */
export interface MessageReportsTable {
  id: string;
  message_id: string;
  reporter_id: string;
  reason: string;
  created_at: Defaulted<Date>;
}

export interface MessagingTables {
  members: MembersTable;
  member_settings: MemberSettingsTable;
  blocks: BlocksTable;
  connections: ConnectionsTable;
  conversations: ConversationsTable;
  conversation_members: ConversationMembersTable;
  messages: MessagesTable;
  message_reactions: MessageReactionsTable;
  member_memberships: MemberMembershipsTable;
  message_photos: MessagePhotosTable;
  photo_deletions: PhotoDeletionsTable;
  message_reports: MessageReportsTable;
}

export type MessagingDb = Kysely<MessagingTables>;
export type ConversationRow = Selectable<ConversationsTable>;
export type MessageRow = Selectable<MessagesTable>;
export type MemberSettingsRow = Selectable<MemberSettingsTable>;
export type MessagePhotoRow = Selectable<MessagePhotosTable>;

import type { ColumnType, Generated, Kysely, Selectable } from 'kysely';
import type { ReportTargetType } from '@mer/contracts';

/** community-feed's tables as Kysely sees them (its own schema; search_path points there). Times are timestamptz. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface MembersTable {
  user_id: string;
  name: string;
  username: string;
  image_url: string | null;
  onboarded: boolean;
  occurred_at: Date;
}

export interface MembershipsTable {
  membership_id: string;
  user_id: string;
  status: string;
  expires_at: Date | null;
  occurred_at: Date;
}

export interface ConnectionsTable {
  user_id: string;
  other_id: string;
  connected: boolean;
  occurred_at: Date;
}

export interface MemberFiltersTable {
  user_id: string;
  other_id: string;
  kind: 'block' | 'mute';
  active: boolean;
  occurred_at: Date;
}

export interface PostsTable {
  id: string;
  // bigint, read as a number by the runtime's type parser (exact below 2^53).
  seq: Generated<number>;
  author_id: string;
  topic: string;
  visibility: 'all' | 'connections';
  content: string;
  mention_ids: Defaulted<string[]>;
  pinned: Defaulted<boolean>;
  like_count: Defaulted<number>;
  love_count: Defaulted<number>;
  namaste_count: Defaulted<number>;
  insightful_count: Defaulted<number>;
  support_count: Defaulted<number>;
  comment_count: Defaulted<number>;
  activity_count: Defaulted<number>;
  last_activity_at: Defaulted<Date>;
  hidden_at: Defaulted<Date | null>;
  edited_at: Defaulted<Date | null>;
  created_at: Defaulted<Date>;
  updated_at: Defaulted<Date>;
}

export interface ReactionsTable {
  post_id: string;
  user_id: string;
  type: string;
  created_at: Defaulted<Date>;
}

export interface CommentsTable {
  id: string;
  post_id: string;
  parent_id: string | null;
  author_id: string;
  content: string;
  mention_ids: Defaulted<string[]>;
  hidden_at: Defaulted<Date | null>;
  edited_at: Defaulted<Date | null>;
  created_at: Defaulted<Date>;
}

export interface AlbumsTable {
  id: string;
  owner_id: string;
  title: string;
  description: string | null;
  created_at: Defaulted<Date>;
}

export interface PhotosTable {
  id: string;
  owner_id: string;
  storage_key: string;
  width: number;
  height: number;
  post_id: Defaulted<string | null>;
  album_id: Defaulted<string | null>;
  position: Defaulted<number>;
  caption: Defaulted<string | null>;
  hidden_at: Defaulted<Date | null>;
  created_at: Defaulted<Date>;
}

export interface PhotoTagsTable {
  photo_id: string;
  user_id: string;
  tagged_by: string;
  created_at: Defaulted<Date>;
}

export interface PhotoDeletionsTable {
  storage_key: string;
  queued_at: Defaulted<Date>;
}

export interface DiscussionsTable {
  id: string;
  author_id: string;
  title: string;
  body: string;
  topic: string;
  reply_count: Defaulted<number>;
  edited_at: Defaulted<Date | null>;
  created_at: Defaulted<Date>;
  last_activity_at: Defaulted<Date>;
  hidden_at: Defaulted<Date | null>;
}

export interface DiscussionRepliesTable {
  id: string;
  discussion_id: string;
  author_id: string;
  body: string;
  created_at: Defaulted<Date>;
  hidden_at: Defaulted<Date | null>;
}

export interface ReportsTable {
  id: string;
  target_type: ReportTargetType;
  target_id: string;
  reporter_id: string;
  reason: string;
  created_at: Defaulted<Date>;
}

export interface CommunityFeedTables {
  members: MembersTable;
  memberships: MembershipsTable;
  connections: ConnectionsTable;
  member_filters: MemberFiltersTable;
  posts: PostsTable;
  reactions: ReactionsTable;
  comments: CommentsTable;
  albums: AlbumsTable;
  photos: PhotosTable;
  photo_tags: PhotoTagsTable;
  photo_deletions: PhotoDeletionsTable;
  discussions: DiscussionsTable;
  discussion_replies: DiscussionRepliesTable;
  reports: ReportsTable;
}

export type CommunityFeedDb = Kysely<CommunityFeedTables>;
export type MemberRow = Selectable<MembersTable>;
export type PostRow = Selectable<PostsTable>;
export type CommentRow = Selectable<CommentsTable>;
export type PhotoRow = Selectable<PhotosTable>;
export type AlbumRow = Selectable<AlbumsTable>;
export type DiscussionRow = Selectable<DiscussionsTable>;
export type DiscussionReplyRow = Selectable<DiscussionRepliesTable>;

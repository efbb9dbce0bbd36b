import { Type, type Static } from '@sinclair/typebox';
import { defineRoutes } from './route.ts';
import { NoContent, Timestamp, Uuid } from './common.ts';

/*
 * The community feed (spec 001 sections 2, 3, 5): posts with photos, reactions, comments with one level of replies,
 * @mentions, albums and member photos with tags, discussions and reports. Member text is sanitised by the shared
 * sanitiser (limited formatting b, i, em, strong, p, br and links); responses carry the sanitised HTML.
 */

/** Topics: the practice categories of the catalogue plus the community's own. */
export const POST_TOPICS = [
  'general',
  'practice',
  'tradition',
  'healing',
  'divination',
  'nature',
  'events',
  'questions',
  'gratitude',
] as const;
export type PostTopic = (typeof POST_TOPICS)[number];
export const PostTopic = Type.Union(POST_TOPICS.map((t) => Type.Literal(t)));

/** all: every member; connections: the author's connections (and the author). */
export const PostVisibility = Type.Union([Type.Literal('all'), Type.Literal('connections')], {});
export type PostVisibility = Static<typeof PostVisibility>;

export const REACTION_TYPES = ['like', 'love', 'namaste', 'insightful', 'support'] as const;
export type ReactionType = (typeof REACTION_TYPES)[number];
export const ReactionType = Type.Union(REACTION_TYPES.map((t) => Type.Literal(t)));

/** Limits the spec leaves open ("not shown"), chosen for a calm community. */
export const POST_MAX_PHOTOS = 6;
export const POST_MAX_LENGTH = 10_000;
export const COMMENT_MAX_LENGTH = 2_000;
export const DISCUSSION_TITLE_MAX_LENGTH = 150;
export const REPORT_REASON_MAX_LENGTH = 500;
export const FEED_PAGE_DEFAULT = 20;
export const FEED_PAGE_MAX = 50;
/** After this many reports from different members an item is hidden pending review. */
export const REPORTS_TO_AUTO_HIDE = 3;
/** The largest photo a member may upload (as for profile photos, spec 000 section 9). */
export const FEED_PHOTO_MAX_BYTES = 10_485_760;
export const FEED_PHOTO_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

/**
 * Member text: its length is the sanitiser's rule (its message 'Input exceeds maximum length of N' is the answer),
 * so the schema states the limit without enforcing it; the gateway's body limit bounds the request.
 */
const MemberText = (maxLength: number) =>
  Type.String({
    description: `Member text, at most ${maxLength} characters (checked by the text sanitiser)`,
  });

export const FeedMember = Type.Object({
  userId: Uuid,
  name: Type.String(),
  username: Type.String(),
  imageUrl: Type.Union([Type.String(), Type.Null()]),
});
export type FeedMember = Static<typeof FeedMember>;

export const FeedPhoto = Type.Object({
  photoId: Uuid,
  /** Where the JPEG is served: /api/v1/community-feed/photo-files/<photoId>.jpg */
  imageUrl: Type.String(),
  width: Type.Integer({ minimum: 1 }),
  height: Type.Integer({ minimum: 1 }),
});
export type FeedPhoto = Static<typeof FeedPhoto>;

export const ReactionCounts = Type.Object(
  Object.fromEntries(REACTION_TYPES.map((t) => [t, Type.Integer({ minimum: 0 })])) as Record<
    ReactionType,
    ReturnType<typeof Type.Integer>
  >,
);
export type ReactionCounts = Static<typeof ReactionCounts>;

export const Post = Type.Object({
  id: Uuid,
  author: FeedMember,
  topic: PostTopic,
  visibility: PostVisibility,
  /** Sanitised HTML (b, i, em, strong, p, br, a href). */
  content: Type.String(),
  photos: Type.Array(FeedPhoto),
  reactionCounts: ReactionCounts,
  myReaction: Type.Union([ReactionType, Type.Null()]),
  commentCount: Type.Integer({ minimum: 0 }),
  pinned: Type.Boolean(),
  edited: Type.Boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type Post = Static<typeof Post>;

export const FeedPage = Type.Object({
  /** Pinned posts come first on the first page of the default view. */
  posts: Type.Array(Post),
  /** Pass as `cursor` for the next page; null at the end. */
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});
export type FeedPage = Static<typeof FeedPage>;

export const FeedQuery = Type.Object(
  {
    topic: Type.Optional(PostTopic),
    /** all: the community; connections: "From my connections". */
    view: Type.Optional(Type.Union([Type.Literal('all'), Type.Literal('connections')])),
    /** newest (default) or most-active (reactions and comments of the last 7 days). */
    sort: Type.Optional(Type.Union([Type.Literal('newest'), Type.Literal('most-active')])),
    /** Posts of one member (their profile). */
    authorId: Type.Optional(Uuid),
    cursor: Type.Optional(Type.String({ maxLength: 200 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: FEED_PAGE_MAX })),
  },
  { additionalProperties: false },
);
export type FeedQuery = Static<typeof FeedQuery>;

export const CreatePostBody = Type.Object(
  {
    content: MemberText(POST_MAX_LENGTH),
    topic: PostTopic,
    visibility: Type.Optional(PostVisibility),
    /** Photos uploaded first through POST /api/v1/community-feed/photos (the member's own, unused). */
    photoIds: Type.Optional(Type.Array(Uuid, { maxItems: POST_MAX_PHOTOS, uniqueItems: true })),
  },
  { additionalProperties: false },
);
export type CreatePostBody = Static<typeof CreatePostBody>;

export const UpdatePostBody = Type.Object(
  {
    content: Type.Optional(MemberText(POST_MAX_LENGTH)),
    topic: Type.Optional(PostTopic),
    visibility: Type.Optional(PostVisibility),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdatePostBody = Static<typeof UpdatePostBody>;

export const Comment = Type.Object({
  id: Uuid,
  postId: Uuid,
  /** The comment this one replies to (one level of replies). */
  parentId: Type.Union([Uuid, Type.Null()]),
  author: FeedMember,
  content: Type.String(),
  /** Members mentioned with @username, resolved to user ids. */
  mentions: Type.Array(FeedMember),
  edited: Type.Boolean(),
  createdAt: Timestamp,
});
export type Comment = Static<typeof Comment>;

export const CommentThread = Type.Object({ comment: Comment, replies: Type.Array(Comment) });
export type CommentThread = Static<typeof CommentThread>;

export const PostDetail = Type.Object({ post: Post, comments: Type.Array(CommentThread) });
export type PostDetail = Static<typeof PostDetail>;

export const AddCommentBody = Type.Object(
  { content: MemberText(COMMENT_MAX_LENGTH), parentId: Type.Optional(Uuid) },
  { additionalProperties: false },
);
export const EditCommentBody = Type.Object(
  { content: MemberText(COMMENT_MAX_LENGTH) },
  { additionalProperties: false },
);

export const ReactBody = Type.Object({ type: ReactionType }, { additionalProperties: false });
export const ReactionSummary = Type.Object({
  postId: Uuid,
  reactionCounts: ReactionCounts,
  myReaction: Type.Union([ReactionType, Type.Null()]),
});
export type ReactionSummary = Static<typeof ReactionSummary>;
export const Reactors = Type.Object({
  reactions: Type.Array(Type.Object({ member: FeedMember, type: ReactionType, reactedAt: Timestamp })),
});
export type Reactors = Static<typeof Reactors>;

export const PinBody = Type.Object({ pinned: Type.Boolean() }, { additionalProperties: false });

export const PhotoTag = Type.Object({ member: FeedMember, taggedBy: Uuid, taggedAt: Timestamp });
export const MemberPhoto = Type.Object({
  ...FeedPhoto.properties,
  owner: FeedMember,
  albumId: Type.Union([Uuid, Type.Null()]),
  caption: Type.Union([Type.String(), Type.Null()]),
  tags: Type.Array(PhotoTag),
  createdAt: Timestamp,
});
export type MemberPhoto = Static<typeof MemberPhoto>;
export const PhotoList = Type.Object({ photos: Type.Array(MemberPhoto) });
export type PhotoList = Static<typeof PhotoList>;

export const Album = Type.Object({
  id: Uuid,
  owner: FeedMember,
  title: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  photoCount: Type.Integer({ minimum: 0 }),
  coverUrl: Type.Union([Type.String(), Type.Null()]),
  createdAt: Timestamp,
});
export type Album = Static<typeof Album>;
export const CreateAlbumBody = Type.Object(
  {
    title: Type.String({ maxLength: DISCUSSION_TITLE_MAX_LENGTH }),
    description: Type.Optional(Type.String({ maxLength: COMMENT_MAX_LENGTH })),
  },
  { additionalProperties: false },
);
export const AddAlbumPhotoBody = Type.Object(
  { photoId: Uuid, caption: Type.Optional(Type.String({ maxLength: REPORT_REASON_MAX_LENGTH })) },
  { additionalProperties: false },
);
export const TagBody = Type.Object({ userId: Uuid }, { additionalProperties: false });

export const Discussion = Type.Object({
  id: Uuid,
  author: FeedMember,
  title: Type.String(),
  body: Type.String(),
  topic: PostTopic,
  replyCount: Type.Integer({ minimum: 0 }),
  edited: Type.Boolean(),
  createdAt: Timestamp,
  lastActivityAt: Timestamp,
  /** True when it is hidden (3 reports, or a moderator): only its author and moderators still see it. Absent otherwise. */
  hidden: Type.Optional(Type.Boolean()),
});
export type Discussion = Static<typeof Discussion>;
export const DiscussionReply = Type.Object({
  id: Uuid,
  discussionId: Uuid,
  author: FeedMember,
  body: Type.String(),
  createdAt: Timestamp,
  /** True when it is hidden (3 reports, or a moderator): only its author and moderators still see it. Absent otherwise. */
  hidden: Type.Optional(Type.Boolean()),
});
export type DiscussionReply = Static<typeof DiscussionReply>;
export const CreateDiscussionBody = Type.Object(
  {
    title: Type.String({ maxLength: DISCUSSION_TITLE_MAX_LENGTH }),
    body: MemberText(POST_MAX_LENGTH),
    topic: Type.Optional(PostTopic),
  },
  { additionalProperties: false },
);
export const DiscussionReplyBody = Type.Object(
  { body: MemberText(COMMENT_MAX_LENGTH) },
  { additionalProperties: false },
);

export const ReportTargetType = Type.Union([
  Type.Literal('post'),
  Type.Literal('comment'),
  Type.Literal('photo'),
  Type.Literal('discussion'),
  Type.Literal('discussion_reply'),
]);
export type ReportTargetType = Static<typeof ReportTargetType>;
export const ReportBody = Type.Object(
  {
    targetType: ReportTargetType,
    targetId: Uuid,
    reason: Type.String({ maxLength: REPORT_REASON_MAX_LENGTH }),
  },
  { additionalProperties: false },
);
export const ReportReceipt = Type.Object({
  reportId: Uuid,
  /** The item is now hidden pending review (it reached the report threshold). */
  hidden: Type.Boolean(),
});

const PostParams = Type.Object({ postId: Uuid });
const PhotoParams = Type.Object({ photoId: Uuid });
const member = { kind: 'user' } as const;
const prefix = '/api/v1/community-feed';

/** Every REST route of community-feed. The gateway forwards /api/v1/community-feed/... here; OpenAPI is generated from it. */
export const communityFeedRoutes = defineRoutes('community-feed', {
  feed: {
    method: 'GET',
    path: `${prefix}/posts`,
    summary:
      'The feed, newest first (pinned first) or most active, by topic, of my connections or of one member; keyset pages',
    access: member,
    querystring: FeedQuery,
    response: { 200: FeedPage },
  },
  createPost: {
    method: 'POST',
    path: `${prefix}/posts`,
    summary: 'A paid, onboarded member posts (sanitised text, a topic, visibility, up to 6 uploaded photos)',
    access: member,
    body: CreatePostBody,
    response: { 201: Post },
  },
  post: {
    method: 'GET',
    path: `${prefix}/posts/:postId`,
    summary: 'A post with its comments and their replies (post detail)',
    access: member,
    params: PostParams,
    response: { 200: PostDetail },
  },
  updatePost: {
    method: 'PATCH',
    path: `${prefix}/posts/:postId`,
    summary: 'The author edits the post (marked edited)',
    access: member,
    params: PostParams,
    body: UpdatePostBody,
    response: { 200: Post },
  },
  deletePost: {
    method: 'DELETE',
    path: `${prefix}/posts/:postId`,
    summary: 'The author (or an admin) deletes the post with its comments, reactions and reports',
    access: member,
    params: PostParams,
    response: { 204: NoContent },
  },
  pinPost: {
    method: 'PUT',
    path: `${prefix}/posts/:postId/pin`,
    summary: 'An admin pins or unpins a post',
    access: { kind: 'permission', anyOf: ['system_admin', 'communities_update'] },
    params: PostParams,
    body: PinBody,
    response: { 200: Post },
  },
  react: {
    method: 'PUT',
    path: `${prefix}/posts/:postId/reactions/me`,
    summary: "Sets the member's one reaction on the post (adds or changes it)",
    access: member,
    params: PostParams,
    body: ReactBody,
    response: { 200: ReactionSummary },
  },
  unreact: {
    method: 'DELETE',
    path: `${prefix}/posts/:postId/reactions/me`,
    summary: "Removes the member's reaction",
    access: member,
    params: PostParams,
    response: { 200: ReactionSummary },
  },
  reactions: {
    method: 'GET',
    path: `${prefix}/posts/:postId/reactions`,
    summary: 'Who reacted, newest first, optionally of one type',
    access: member,
    params: PostParams,
    querystring: Type.Object({ type: Type.Optional(ReactionType) }, { additionalProperties: false }),
    response: { 200: Reactors },
  },
  addComment: {
    method: 'POST',
    path: `${prefix}/posts/:postId/comments`,
    summary: 'Comments on a post, or replies to a top-level comment; @username mentions are resolved',
    access: member,
    params: PostParams,
    body: AddCommentBody,
    response: { 201: Comment },
  },
  editComment: {
    method: 'PATCH',
    path: `${prefix}/comments/:commentId`,
    summary: 'The author edits the comment (marked edited)',
    access: member,
    params: Type.Object({ commentId: Uuid }),
    body: EditCommentBody,
    response: { 200: Comment },
  },
  deleteComment: {
    method: 'DELETE',
    path: `${prefix}/comments/:commentId`,
    summary: "The comment's author, the post's author or an admin deletes it (with its replies)",
    access: member,
    params: Type.Object({ commentId: Uuid }),
    response: { 204: NoContent },
  },
  uploadPhoto: {
    method: 'POST',
    path: `${prefix}/photos`,
    summary:
      'Upload a photo as raw image bytes for a post or an album: type sniffed, re-encoded (JPEG, at most 2048 px a side, no EXIF or location)',
    access: { kind: 'user', loginMessage: 'You must be logged in to upload images' },
    rawBody: {
      contentTypes: FEED_PHOTO_UPLOAD_TYPES,
      maxBytes: FEED_PHOTO_MAX_BYTES,
      tooLargeMessage: 'File size must be less than 10MB',
    },
    response: { 201: FeedPhoto },
  },
  photoFile: {
    method: 'GET',
    path: `${prefix}/photo-files/:fileName`,
    summary: 'A stored photo (JPEG) under its unguessable name, cacheable for a year',
    access: { kind: 'public' },
    params: Type.Object({
      fileName: Type.String({
        pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.jpg$',
        maxLength: 40,
      }),
    }),
    produces: 'image/jpeg',
    response: { 200: Type.String({ format: 'binary', description: 'The JPEG bytes' }) },
  },
  memberPhotos: {
    method: 'GET',
    path: `${prefix}/members/:userId/photos`,
    summary: "A member's photos (posts and albums) and photos they are tagged in (the profile's photos tab)",
    access: member,
    params: Type.Object({ userId: Uuid }),
    response: { 200: PhotoList },
  },
  recentPhotos: {
    method: 'GET',
    path: `${prefix}/photos`,
    summary: 'The community photos page (/photos): album and post photos, newest first',
    access: member,
    querystring: Type.Object(
      { before: Type.Optional(Timestamp), limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })) },
      { additionalProperties: false },
    ),
    response: { 200: PhotoList },
  },
  deletePhoto: {
    method: 'DELETE',
    path: `${prefix}/photos/:photoId`,
    summary: 'The owner deletes a photo (removed from its post or album)',
    access: member,
    params: PhotoParams,
    response: { 204: NoContent },
  },
  tagMember: {
    method: 'POST',
    path: `${prefix}/photos/:photoId/tags`,
    summary: "The photo's owner tags a member on it (published as photo tagged)",
    access: member,
    params: PhotoParams,
    body: TagBody,
    response: { 201: MemberPhoto },
  },
  removeTag: {
    method: 'DELETE',
    path: `${prefix}/photos/:photoId/tags/:userId`,
    summary: "The tagged member (or the photo's owner) removes the tag",
    access: member,
    params: Type.Object({ photoId: Uuid, userId: Uuid }),
    response: { 204: NoContent },
  },
  albums: {
    method: 'GET',
    path: `${prefix}/albums`,
    summary: 'Community albums, newest first',
    access: member,
    response: { 200: Type.Object({ albums: Type.Array(Album) }) },
  },
  createAlbum: {
    method: 'POST',
    path: `${prefix}/albums`,
    summary: 'A paid, onboarded member creates an album',
    access: member,
    body: CreateAlbumBody,
    response: { 201: Album },
  },
  album: {
    method: 'GET',
    path: `${prefix}/albums/:albumId`,
    summary: 'An album with its photos and their tags',
    access: member,
    params: Type.Object({ albumId: Uuid }),
    response: { 200: Type.Object({ album: Album, photos: Type.Array(MemberPhoto) }) },
  },
  addAlbumPhoto: {
    method: 'POST',
    path: `${prefix}/albums/:albumId/photos`,
    summary: "The album's owner adds one of their uploaded photos",
    access: member,
    params: Type.Object({ albumId: Uuid }),
    body: AddAlbumPhotoBody,
    response: { 201: MemberPhoto },
  },
  discussions: {
    method: 'GET',
    path: `${prefix}/discussions`,
    summary: 'Discussions, most recently active first',
    access: member,
    response: { 200: Type.Object({ discussions: Type.Array(Discussion) }) },
  },
  createDiscussion: {
    method: 'POST',
    path: `${prefix}/discussions`,
    summary: 'A paid, onboarded member opens a titled discussion',
    access: member,
    body: CreateDiscussionBody,
    response: { 201: Discussion },
  },
  discussion: {
    method: 'GET',
    path: `${prefix}/discussions/:discussionId`,
    summary: 'A discussion with its replies, oldest first',
    access: member,
    params: Type.Object({ discussionId: Uuid }),
    response: { 200: Type.Object({ discussion: Discussion, replies: Type.Array(DiscussionReply) }) },
  },
  replyToDiscussion: {
    method: 'POST',
    path: `${prefix}/discussions/:discussionId/replies`,
    summary: 'A paid, onboarded member replies to a discussion',
    access: member,
    params: Type.Object({ discussionId: Uuid }),
    body: DiscussionReplyBody,
    response: { 201: DiscussionReply },
  },
  deleteDiscussion: {
    method: 'DELETE',
    path: `${prefix}/discussions/:discussionId`,
    summary: 'The author or an admin deletes a discussion with its replies',
    access: member,
    params: Type.Object({ discussionId: Uuid }),
    response: { 204: NoContent },
  },
  report: {
    method: 'POST',
    path: `${prefix}/reports`,
    summary:
      'A member reports a post, comment, photo, discussion or discussion reply; 3 reports from different members hide it pending review',
    access: member,
    body: ReportBody,
    response: { 201: ReportReceipt },
  },
});

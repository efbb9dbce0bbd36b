import { Type } from '@sinclair/typebox';
import { defineEvent } from './envelope.ts';
import { ReportedItemPlace } from './admin.ts';
import { securityThreatDetectedEvent } from './security.ts';

/*
 * Events community-feed publishes. Subjects are `community-feed.<entity>.<past-tense-event>.v<N>`; a published
 * subject never changes meaning: a breaking change is a new version (…v2) published beside the old.
 * Search indexes posts from created/updated/deleted; notifications tell members about reactions, comments,
 * mentions and photo tags; the admin issue builds its queue from reported/auto-hidden and its security log from
 * security.threat-detected (the shared payload of events/security.ts).
 */

const Uuid = Type.String({ format: 'uuid' });
const Topic = Type.String();
const Visibility = Type.Union([Type.Literal('all'), Type.Literal('connections')]);
const Reaction = Type.Union([
  Type.Literal('like'),
  Type.Literal('love'),
  Type.Literal('namaste'),
  Type.Literal('insightful'),
  Type.Literal('support'),
]);
const Counts = Type.Object({
  like: Type.Integer(),
  love: Type.Integer(),
  namaste: Type.Integer(),
  insightful: Type.Integer(),
  support: Type.Integer(),
});
/** A plain-text excerpt of member text (tags removed, at most 140 characters) for notifications. */
const Preview = Type.String({ maxLength: 140 });

const PostFacts = {
  postId: Uuid,
  authorId: Uuid,
  topic: Topic,
  visibility: Visibility,
  /** The sanitised HTML (search indexes it; only posts with visibility all are public to search). */
  content: Type.String(),
  photoCount: Type.Integer({ minimum: 0 }),
};

export const FeedPostCreated = defineEvent(
  'community-feed.post.created.v1',
  'A member posted in the community feed.',
  Type.Object({ ...PostFacts, createdAt: Type.String({ format: 'date-time' }) }),
);

export const FeedPostUpdated = defineEvent(
  'community-feed.post.updated.v1',
  'The author edited a post (its text, topic or visibility), or an admin pinned or unpinned it.',
  Type.Object({ ...PostFacts, pinned: Type.Boolean(), updatedAt: Type.String({ format: 'date-time' }) }),
);

export const FeedPostDeleted = defineEvent(
  'community-feed.post.deleted.v1',
  'A post was deleted (by its author, an admin, or with its deleted author): forget it.',
  Type.Object({ postId: Uuid, authorId: Uuid }),
);

export const FeedReactionAdded = defineEvent(
  'community-feed.reaction.added.v1',
  "A member reacted to a post, or changed their reaction (previousType set). Carries the post's counts after it.",
  Type.Object({
    postId: Uuid,
    postAuthorId: Uuid,
    memberId: Uuid,
    type: Reaction,
    previousType: Type.Union([Reaction, Type.Null()]),
    reactionCounts: Counts,
  }),
);

export const FeedReactionRemoved = defineEvent(
  'community-feed.reaction.removed.v1',
  "A member removed their reaction from a post. Carries the post's counts after it.",
  Type.Object({ postId: Uuid, postAuthorId: Uuid, memberId: Uuid, type: Reaction, reactionCounts: Counts }),
);

export const FeedCommentAdded = defineEvent(
  'community-feed.comment.added.v1',
  'A member commented on a post, or replied to a comment (parentId and parentAuthorId set).',
  Type.Object({
    commentId: Uuid,
    postId: Uuid,
    postAuthorId: Uuid,
    authorId: Uuid,
    parentId: Type.Union([Uuid, Type.Null()]),
    parentAuthorId: Type.Union([Uuid, Type.Null()]),
    preview: Preview,
  }),
);

export const FeedMemberMentioned = defineEvent(
  'community-feed.member.mentioned.v1',
  'A member was @mentioned in a post or a comment (commentId set); one event per mentioned member.',
  Type.Object({
    mentionedUserId: Uuid,
    byUserId: Uuid,
    postId: Uuid,
    commentId: Type.Union([Uuid, Type.Null()]),
    preview: Preview,
  }),
);

export const FeedPhotoTagged = defineEvent(
  'community-feed.photo.tagged.v1',
  "A member was tagged on a photo (the notification's photo_id and album_name).",
  Type.Object({
    photoId: Uuid,
    taggedUserId: Uuid,
    byUserId: Uuid,
    albumId: Type.Union([Uuid, Type.Null()]),
    albumName: Type.Union([Type.String(), Type.Null()]),
  }),
);

const Target = Type.Union([
  Type.Literal('post'),
  Type.Literal('comment'),
  Type.Literal('photo'),
  Type.Literal('discussion'),
  Type.Literal('discussion_reply'),
]);

export const FeedContentReported = defineEvent(
  'community-feed.content.reported.v1',
  'A member reported a post, comment, photo, discussion or discussion reply with a reason.',
  Type.Object({
    reportId: Uuid,
    targetType: Target,
    targetId: Uuid,
    /** The author or owner of the reported item. */
    authorId: Uuid,
    reporterId: Uuid,
    reason: Type.String(),
    /** Reports of the item from different members so far. */
    reportCount: Type.Integer({ minimum: 1 }),
    /** What was reported, for the moderator: a discussion's title, a reply's opening (plain text). Absent for the rest. */
    context: Type.Optional(Type.String()),
    /** A reply's discussion (its page). */
    place: Type.Optional(ReportedItemPlace),
  }),
);

export const FeedContentAutoHidden = defineEvent(
  'community-feed.content.auto-hidden.v1',
  'An item reached the report threshold (3 members) and is hidden pending review.',
  Type.Object({
    targetType: Target,
    targetId: Uuid,
    authorId: Uuid,
    reportCount: Type.Integer({ minimum: 1 }),
  }),
);

export const FeedContentModerated = defineEvent(
  'community-feed.content.moderated.v1',
  "An admin's decision was carried out on a post, comment, photo, discussion or reply: hidden, restored or deleted. Open feeds " +
    'drop a hidden or deleted item at once (and show a restored one on their next fetch).',
  Type.Object({
    targetType: Target,
    targetId: Uuid,
    authorId: Uuid,
    change: Type.Union([Type.Literal('hidden'), Type.Literal('restored'), Type.Literal('deleted')]),
    /** The admin decision (admin.moderation.decided.v1) this carries out. */
    decisionId: Uuid,
  }),
);

/** Hostile member text seen in the feed (the text sanitiser's threats), for the admin security log. */
export const CommunityFeedThreatDetected = securityThreatDetectedEvent('community-feed');

export const communityFeedEvents = [
  FeedPostCreated,
  FeedPostUpdated,
  FeedPostDeleted,
  FeedReactionAdded,
  FeedReactionRemoved,
  FeedCommentAdded,
  FeedMemberMentioned,
  FeedPhotoTagged,
  FeedContentReported,
  FeedContentAutoHidden,
  FeedContentModerated,
  CommunityFeedThreatDetected,
];

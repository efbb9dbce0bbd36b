// Generated from routesByService by contracts/scripts/generate-browser-routes.ts: do not edit.
import type { RoutesByService } from '../index.ts';
import type { BrowserRouteOf } from './route.ts';

type Routes = RoutesByService['community-feed'];

/** The feed, newest first (pinned first) or most active, by topic, of my connections or of one member; keyset pages */
export const feed: BrowserRouteOf<Routes['feed']> = {
  method: 'GET',
  path: '/api/v1/community-feed/posts',
  access: 'user',
};

/** A paid, onboarded member posts (sanitised text, a topic, visibility, up to 6 uploaded photos) */
export const createPost: BrowserRouteOf<Routes['createPost']> = {
  method: 'POST',
  path: '/api/v1/community-feed/posts',
  access: 'user',
};

/** A post with its comments and their replies (post detail) */
export const post: BrowserRouteOf<Routes['post']> = {
  method: 'GET',
  path: '/api/v1/community-feed/posts/:postId',
  access: 'user',
};

/** The author edits the post (marked edited) */
export const updatePost: BrowserRouteOf<Routes['updatePost']> = {
  method: 'PATCH',
  path: '/api/v1/community-feed/posts/:postId',
  access: 'user',
};

/** The author (or an admin) deletes the post with its comments, reactions and reports */
export const deletePost: BrowserRouteOf<Routes['deletePost']> = {
  method: 'DELETE',
  path: '/api/v1/community-feed/posts/:postId',
  access: 'user',
};

/** An admin pins or unpins a post */
export const pinPost: BrowserRouteOf<Routes['pinPost']> = {
  method: 'PUT',
  path: '/api/v1/community-feed/posts/:postId/pin',
  access: 'user',
};

/** Sets the member's one reaction on the post (adds or changes it) */
export const react: BrowserRouteOf<Routes['react']> = {
  method: 'PUT',
  path: '/api/v1/community-feed/posts/:postId/reactions/me',
  access: 'user',
};

/** Removes the member's reaction */
export const unreact: BrowserRouteOf<Routes['unreact']> = {
  method: 'DELETE',
  path: '/api/v1/community-feed/posts/:postId/reactions/me',
  access: 'user',
};

/** Who reacted, newest first, optionally of one type */
export const reactions: BrowserRouteOf<Routes['reactions']> = {
  method: 'GET',
  path: '/api/v1/community-feed/posts/:postId/reactions',
  access: 'user',
};

/** Comments on a post, or replies to a top-level comment; @username mentions are resolved */
export const addComment: BrowserRouteOf<Routes['addComment']> = {
  method: 'POST',
  path: '/api/v1/community-feed/posts/:postId/comments',
  access: 'user',
};

/** The author edits the comment (marked edited) */
export const editComment: BrowserRouteOf<Routes['editComment']> = {
  method: 'PATCH',
  path: '/api/v1/community-feed/comments/:commentId',
  access: 'user',
};

/** The comment's author, the post's author or an admin deletes it (with its replies) */
export const deleteComment: BrowserRouteOf<Routes['deleteComment']> = {
  method: 'DELETE',
  path: '/api/v1/community-feed/comments/:commentId',
  access: 'user',
};

/** Upload a photo as raw image bytes for a post or an album: type sniffed, re-encoded (JPEG, at most 2048 px a side, no EXIF or location) */
export const uploadPhoto: BrowserRouteOf<Routes['uploadPhoto']> = {
  method: 'POST',
  path: '/api/v1/community-feed/photos',
  access: 'user',
};

/** A stored photo (JPEG) under its unguessable name, cacheable for a year */
export const photoFile: BrowserRouteOf<Routes['photoFile']> = {
  method: 'GET',
  path: '/api/v1/community-feed/photo-files/:fileName',
  access: 'public',
};

/** A member's photos (posts and albums) and photos they are tagged in (the profile's photos tab) */
export const memberPhotos: BrowserRouteOf<Routes['memberPhotos']> = {
  method: 'GET',
  path: '/api/v1/community-feed/members/:userId/photos',
  access: 'user',
};

/** The community photos page (/photos): album and post photos, newest first */
export const recentPhotos: BrowserRouteOf<Routes['recentPhotos']> = {
  method: 'GET',
  path: '/api/v1/community-feed/photos',
  access: 'user',
};

/** The owner deletes a photo (removed from its post or album) */
export const deletePhoto: BrowserRouteOf<Routes['deletePhoto']> = {
  method: 'DELETE',
  path: '/api/v1/community-feed/photos/:photoId',
  access: 'user',
};

/** The photo's owner tags a member on it (published as photo tagged) */
export const tagMember: BrowserRouteOf<Routes['tagMember']> = {
  method: 'POST',
  path: '/api/v1/community-feed/photos/:photoId/tags',
  access: 'user',
};

/** The tagged member (or the photo's owner) removes the tag */
export const removeTag: BrowserRouteOf<Routes['removeTag']> = {
  method: 'DELETE',
  path: '/api/v1/community-feed/photos/:photoId/tags/:userId',
  access: 'user',
};

/** Community albums, newest first */
export const albums: BrowserRouteOf<Routes['albums']> = {
  method: 'GET',
  path: '/api/v1/community-feed/albums',
  access: 'user',
};

/** A paid, onboarded member creates an album */
export const createAlbum: BrowserRouteOf<Routes['createAlbum']> = {
  method: 'POST',
  path: '/api/v1/community-feed/albums',
  access: 'user',
};

/** An album with its photos and their tags */
export const album: BrowserRouteOf<Routes['album']> = {
  method: 'GET',
  path: '/api/v1/community-feed/albums/:albumId',
  access: 'user',
};

/** The album's owner adds one of their uploaded photos */
export const addAlbumPhoto: BrowserRouteOf<Routes['addAlbumPhoto']> = {
  method: 'POST',
  path: '/api/v1/community-feed/albums/:albumId/photos',
  access: 'user',
};

/** Discussions, most recently active first */
export const discussions: BrowserRouteOf<Routes['discussions']> = {
  method: 'GET',
  path: '/api/v1/community-feed/discussions',
  access: 'user',
};

/** A paid, onboarded member opens a titled discussion */
export const createDiscussion: BrowserRouteOf<Routes['createDiscussion']> = {
  method: 'POST',
  path: '/api/v1/community-feed/discussions',
  access: 'user',
};

/** A discussion with its replies, oldest first */
export const discussion: BrowserRouteOf<Routes['discussion']> = {
  method: 'GET',
  path: '/api/v1/community-feed/discussions/:discussionId',
  access: 'user',
};

/** A paid, onboarded member replies to a discussion */
export const replyToDiscussion: BrowserRouteOf<Routes['replyToDiscussion']> = {
  method: 'POST',
  path: '/api/v1/community-feed/discussions/:discussionId/replies',
  access: 'user',
};

/** The author or an admin deletes a discussion with its replies */
export const deleteDiscussion: BrowserRouteOf<Routes['deleteDiscussion']> = {
  method: 'DELETE',
  path: '/api/v1/community-feed/discussions/:discussionId',
  access: 'user',
};

/** A member reports a post, comment, photo, discussion or discussion reply; 3 reports from different members hide it pending review */
export const report: BrowserRouteOf<Routes['report']> = {
  method: 'POST',
  path: '/api/v1/community-feed/reports',
  access: 'user',
};

/** The member's data held by community-feed, for "Download my data" (the member is the token's subject) */
export const exportMyData: BrowserRouteOf<Routes['exportMyData']> = {
  method: 'GET',
  path: '/api/v1/community-feed/me/export',
  access: 'user',
};

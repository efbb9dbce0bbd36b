import { defineRemoteConfig } from '../build/remote-config.ts';

/**
 * The community micro-frontend (spec 001 section 2): the feed (/community, /feed), post detail
 * (/community/post/:postId, /post/:id), albums, the community photos page and discussions. Its code loads only
 * on these routes (or when the shell preloads them), never with the first page.
 */
export default defineRemoteConfig({
  name: 'community',
  exposes: {
    './FeedPage': './src/pages/FeedPage.tsx',
    './PostPage': './src/pages/PostPage.tsx',
    './AlbumsPage': './src/pages/AlbumsPage.tsx',
    './PhotosPage': './src/pages/PhotosPage.tsx',
    './DiscussionPage': './src/pages/DiscussionPage.tsx',
  },
  shared: ['react', 'react-dom', '@mer/router', '@mer/api-client', '@mer/design-system', '@mer/server-state'],
});

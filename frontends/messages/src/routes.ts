import { defineRemoteManifest } from '../../remote-manifest.ts';

/**
 * The paths the messages remote serves (spec 001 section 2) and the page it exposes for each. The shell's route
 * table reads this file when it is built, and vite.config.ts exposes one module per page from it.
 */
export const manifest = defineRemoteManifest({
  remote: 'messages',
  area: { name: 'Conversations', description: 'Private conversations with the people you connect with.' },
  routes: [
    { path: '/messages', page: 'MessagesPage', guard: 'member', title: 'Conversations' },
    { path: '/messages/:id', page: 'ConversationPage', guard: 'member', title: 'Conversation' },
    // The target of some notification clicks: the same list.
    { path: '/conversations', page: 'MessagesPage', guard: 'member', title: 'Conversations' },
  ],
});

import { messagingRoutes } from '@mer/contracts';
import { currentUser, registerRoute, type App } from '@mer/service-runtime';
import type { MessagingDeps } from '../deps.ts';
import {
  getConversation,
  getUnreadTotal,
  listConversations,
  markConversationRead,
  signalTyping,
  startConversation,
} from '../use-cases/conversations.ts';

/** Thin routes: the contract validates, a use case decides, the result maps to the response. */
export function registerConversationRoutes(app: App, deps: MessagingDeps): void {
  registerRoute(app, messagingRoutes.listConversations, async (req) =>
    listConversations(deps, currentUser(req).sub),
  );
  registerRoute(app, messagingRoutes.startConversation, async (req, reply) => {
    const { created, conversation } = await startConversation(deps, currentUser(req).sub, req.body.memberId);
    reply.code(created ? 201 : 200);
    return conversation;
  });
  registerRoute(app, messagingRoutes.getConversation, async (req) =>
    getConversation(deps, currentUser(req).sub, req.params.conversationId),
  );
  registerRoute(app, messagingRoutes.markRead, async (req) =>
    markConversationRead(deps, currentUser(req).sub, req.params.conversationId),
  );
  registerRoute(app, messagingRoutes.unreadCount, async (req) => getUnreadTotal(deps, currentUser(req).sub));
  registerRoute(app, messagingRoutes.typing, async (req) => {
    await signalTyping(deps, currentUser(req).sub, req.params.conversationId);
    return null;
  });
}

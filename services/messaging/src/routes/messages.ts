import { messagingRoutes } from '@mer/contracts';
import { currentUser, registerRoute, type App } from '@mer/service-runtime';
import type { MessagingDeps } from '../deps.ts';
import {
  changeReaction,
  deleteMessage,
  editMessage,
  listMessages,
  sendMessage,
} from '../use-cases/messages.ts';
import { reportMessage } from '../use-cases/reports.ts';

export function registerMessageRoutes(app: App, deps: MessagingDeps): void {
  registerRoute(app, messagingRoutes.listMessages, async (req) =>
    listMessages(deps, currentUser(req).sub, req.params.conversationId, req.query),
  );
  registerRoute(app, messagingRoutes.sendMessage, async (req) =>
    sendMessage(deps, currentUser(req).sub, req.params.conversationId, req.body),
  );
  registerRoute(app, messagingRoutes.editMessage, async (req) =>
    editMessage(deps, currentUser(req).sub, req.params.messageId, req.body),
  );
  registerRoute(app, messagingRoutes.deleteMessage, async (req) =>
    deleteMessage(deps, currentUser(req).sub, req.params.messageId),
  );
  registerRoute(app, messagingRoutes.reportMessage, async (req) =>
    reportMessage(deps, currentUser(req).sub, req.params.messageId, req.body),
  );
  registerRoute(app, messagingRoutes.react, async (req) =>
    changeReaction(deps, currentUser(req).sub, req.params.messageId, req.body.reaction),
  );
  registerRoute(app, messagingRoutes.unreact, async (req) =>
    changeReaction(deps, currentUser(req).sub, req.params.messageId, null),
  );
}

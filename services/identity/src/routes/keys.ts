import type { FastifyInstance } from 'fastify';
import { identityRoutes } from '@mer/contracts';
import { registerRoute } from '@mer/service-runtime';
import type { IdentityDeps } from '../deps.ts';

export function keyRoutes(app: FastifyInstance, deps: IdentityDeps): void {
  registerRoute(app, identityRoutes.jwks, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return deps.tokens.jwks() as { keys: Record<string, unknown>[] };
  });
}

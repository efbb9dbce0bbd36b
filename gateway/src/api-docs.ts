import type { FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';

export const DOCS_PREFIX = '/api/docs';

/**
 * The OpenAPI document generated from the contracts, as JSON at /api/docs/openapi.json and as
 * Swagger UI at /api/docs. The UI is served as files only (no inline script), so the site's CSP holds.
 */
export async function registerApiDocs(
  scope: FastifyInstance,
  document: Record<string, unknown>,
): Promise<void> {
  await scope.register(fastifySwagger, { mode: 'static', specification: { document: document as never } });
  await scope.register(fastifySwaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { deepLinking: true, validatorUrl: null, tryItOutEnabled: false },
  });
  const json = JSON.stringify(document);
  scope.get(`${DOCS_PREFIX}/openapi.json`, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(json),
  );
}

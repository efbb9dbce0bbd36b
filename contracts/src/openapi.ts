import { ErrorBody } from './errors.ts';
import type { RouteDefinition } from './http/route.ts';
import { allRoutes } from './index.ts';

type JsonObject = Record<string, unknown>;

export interface OpenApiOptions {
  title?: string;
  version?: string;
  description?: string;
}

/**
 * The OpenAPI 3.1 document of MER's public API, built from the contracts: every route except
 * `internal` ones. TypeBox schemas are JSON Schema already; schemas with an `$id` become shared
 * components. The gateway serves it at /api/docs and `npm run openapi` writes it to contracts/openapi.json.
 */
export function buildOpenApiDocument(
  routes: readonly RouteDefinition[] = allRoutes,
  options: OpenApiOptions = {},
): JsonObject {
  const components = new SchemaComponents();
  const errorRef = components.ref(ErrorBody);
  const paths: Record<string, Record<string, JsonObject>> = {};
  const services = new Set<string>();

  const sorted = [...routes]
    .filter((r) => r.access.kind !== 'internal')
    .sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  for (const route of sorted) {
    services.add(route.service);
    const path = route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const operation: JsonObject = {
      operationId: route.operationId,
      summary: route.summary,
      tags: [route.service],
    };
    const description = accessDescription(route);
    if (description) operation.description = description;
    if (route.access.kind === 'user' || route.access.kind === 'permission')
      operation.security = [{ bearerAuth: [] }];
    if (route.access.kind === 'operator') operation.security = [{ operatorKey: [] }];
    if (route.access.kind === 'permission') operation['x-mer-permissions'] = [...route.access.anyOf];
    if (route.rateLimit) operation['x-mer-rate-limit'] = route.rateLimit;

    const parameters = [
      ...parametersOf(route.params, 'path', components),
      ...parametersOf(route.querystring, 'query', components),
    ];
    if (parameters.length) operation.parameters = parameters;
    if (route.body) {
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: components.ref(route.body) } },
      };
    }
    if (route.rawBody) {
      const bytes = { type: 'string', format: 'binary', maxLength: route.rawBody.maxBytes };
      operation.requestBody = {
        required: true,
        content: Object.fromEntries(route.rawBody.contentTypes.map((type) => [type, { schema: bytes }])),
      };
    }

    const responses: Record<string, JsonObject> = {};
    for (const [status, schema] of Object.entries(route.response)) {
      const plain = toJson(schema);
      if (status === '204' || plain.type === 'null') {
        responses[status] = {
          description: typeof plain.description === 'string' ? plain.description : 'No content',
        };
      } else {
        responses[status] = {
          description: typeof plain.description === 'string' ? plain.description : 'Success',
          content: { [route.produces ?? 'application/json']: { schema: components.ref(schema) } },
        };
      }
    }
    const error = (description: string) => ({
      description,
      content: { 'application/json': { schema: errorRef } },
    });
    if (route.body || route.rawBody || route.params || route.querystring)
      responses['400'] = error('Invalid Data: a field is missing or malformed');
    if (route.access.kind === 'user' || route.access.kind === 'permission') {
      responses['401'] = error('Authentication Error: no valid access token');
    }
    if (route.access.kind === 'permission' || route.access.kind === 'operator')
      responses['403'] = error('Permission Denied');
    if (route.rawBody) {
      responses['413'] = error(`Request Too Large: ${route.rawBody.tooLargeMessage}`);
      responses['415'] = error('The bytes are not of an accepted type, whatever the content-type said');
    }
    responses['429'] = error('Too Many Requests (retry-after header gives the seconds to wait)');
    responses.default = error('Any other error, in the MER error format');
    operation.responses = responses;

    (paths[path] ??= {})[route.method.toLowerCase()] = operation;
  }

  return {
    openapi: '3.1.0',
    info: {
      title: options.title ?? 'MER API',
      version: options.version ?? '1',
      description:
        options.description ??
        'The public REST API of MER, served by the gateway under /api/v1/<service>/. Errors always come as ' +
          '{ error: { code, title, message, retryable, details? } }. Access tokens are EdDSA-signed JWTs; ' +
          'the refresh token travels in an HttpOnly cookie.',
    },
    tags: [...services].sort().map((name) => ({ name })),
    paths,
    components: {
      schemas: components.schemas,
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        operatorKey: { type: 'apiKey', in: 'header', name: 'x-operator-key' },
      },
    },
  };
}

function accessDescription(route: RouteDefinition): string | undefined {
  switch (route.access.kind) {
    case 'user':
      return 'Requires a signed-in member (Bearer access token).';
    case 'permission':
      return `Requires a signed-in member holding one of the permissions: ${route.access.anyOf.join(', ')}.`;
    case 'operator':
      return 'Requires the installation operator key (x-operator-key header).';
    default:
      return undefined;
  }
}

function parametersOf(schema: unknown, where: 'path' | 'query', components: SchemaComponents): JsonObject[] {
  if (!schema) return [];
  const plain = toJson(schema);
  const properties = (plain.properties ?? {}) as Record<string, JsonObject>;
  const required = new Set((plain.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: where,
      required: where === 'path' ? true : required.has(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema: components.hoist(rest),
    };
  });
}

/** TypeBox schemas carry symbol keys; a JSON copy is the plain JSON Schema. */
function toJson(schema: unknown): JsonObject {
  return JSON.parse(JSON.stringify(schema)) as JsonObject;
}

/** Collects schemas with an `$id` under components.schemas and refers to them by $ref. */
class SchemaComponents {
  readonly schemas: Record<string, JsonObject> = {};
  private readonly serialized = new Map<string, string>();

  ref(schema: unknown): JsonObject {
    return this.hoist(toJson(schema));
  }

  hoist(node: JsonObject): JsonObject {
    return this.walk(node) as JsonObject;
  }

  private walk(node: unknown): unknown {
    if (Array.isArray(node)) return node.map((n) => this.walk(n));
    if (!node || typeof node !== 'object') return node;
    const out: JsonObject = {};
    for (const [key, value] of Object.entries(node as JsonObject)) {
      if (key === '$id') continue;
      // `properties` maps names to schemas; its keys are never keywords.
      out[key] =
        key === 'properties' || key === 'patternProperties' || key === '$defs'
          ? Object.fromEntries(Object.entries(value as JsonObject).map(([k, v]) => [k, this.walk(v)]))
          : this.walk(value);
    }
    const id = (node as JsonObject).$id;
    if (typeof id !== 'string') return out;
    const name = id.replace(/[^A-Za-z0-9._-]/g, '_');
    const text = JSON.stringify(out);
    const known = this.serialized.get(name);
    if (known !== undefined && known !== text) throw new Error(`Two different schemas share the $id ${id}`);
    this.serialized.set(name, text);
    this.schemas[name] = out;
    return { $ref: `#/components/schemas/${name}` };
  }
}

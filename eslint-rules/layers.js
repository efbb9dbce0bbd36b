// The layer rule of MER: inside a service, each folder has one job (STYLE.md, ARCHITECTURE.md "One service shape").
//
// - src/routes/ is thin: it validates, calls a use case and maps the result. It never imports src/db/.
// - src/domain/ holds rules and does no I/O: no file system, network, processes, worker threads, database driver,
//   and none of the service's db/ or adapters/.
// - Only src/db/ speaks SQL: runtime values from 'kysely' (sql, query builders) are imported there and nowhere
//   else in src/ (type-only imports are fine, they vanish at run time).
// - In a front end, components and pages (frontends/<name>/src/components/, src/pages/) never touch the transport:
//   no `call`, `apiRequest`, `upload` or `routeKey` from @mer/api-client and no route of @mer/contracts/browser.
//   They use their remote's src/api/ (typed calls, query keys, useQuery/useMutation hooks), so every request a
//   remote makes is in one folder.
//
// Why a lint rule: each break of these was found in review once the code was already copied; the generator and
// every new service start from the shape, and this keeps them in it.
import path from 'node:path';

const RULE_NAME = 'mer/layers';

/** Node modules that reach the outside world; the rest (crypto, util, path, url...) are computations. */
const IO_MODULES = new Set([
  'fs',
  'fs/promises',
  'net',
  'http',
  'https',
  'http2',
  'child_process',
  'worker_threads',
  'cluster',
  'dgram',
  'dns',
  'dns/promises',
  'tls',
  'readline',
  'inspector',
]);
/** npm packages that are I/O by nature. */
const IO_PACKAGES = new Set([
  'kysely',
  'pg',
  '@electric-sql/pglite',
  'nats',
  'redis',
  'ioredis',
  'nodemailer',
  'stripe',
  'undici',
]);

/** @mer/api-client's transport: what only a remote's src/api/ may use. */
const TRANSPORT_EXPORTS = new Set(['call', 'apiRequest', 'upload', 'routeKey']);

function toPosix(p) {
  return p.split(path.sep).join('/');
}

/** `services/<name>/src/<layer>/...` → the layer folder, or undefined outside a service's src. */
function layerOf(relative) {
  const parts = relative.split('/');
  if (parts[0] !== 'services' || parts[2] !== 'src' || parts.length < 4) return undefined;
  if (/(^|\/)test\//.test(relative) || /\.(test|spec)\.[cm]?[jt]sx?$/.test(relative)) return undefined;
  return parts.length === 4 ? '' : parts[3];
}

/** True for a front end's components and pages (not their tests). */
function isFrontendView(relative) {
  const parts = relative.split('/');
  if (parts[0] !== 'frontends' || parts[2] !== 'src' || parts.length < 5) return false;
  if (/\.(test|spec)\.[cm]?[jt]sx?$/.test(relative)) return false;
  return parts[3] === 'components' || parts[3] === 'pages';
}

/** Reports a component's or page's imports of the transport. */
function frontendViewVisitors(context) {
  function check(node, source, importKind, specifiers) {
    if (typeof source !== 'string' || importKind === 'type') return;
    if (source === '@mer/contracts/browser') {
      context.report({ node, messageId: 'viewToTransport', data: { name: source } });
      return;
    }
    if (source !== '@mer/api-client') return;
    for (const s of specifiers) {
      if (s.importKind === 'type') continue;
      const name = s.type === 'ImportSpecifier' ? (s.imported.name ?? s.imported.value) : '*';
      if (name === '*' || TRANSPORT_EXPORTS.has(name))
        context.report({ node, messageId: 'viewToTransport', data: { name: `${source}'s ${name}` } });
    }
  }
  return {
    ImportDeclaration: (node) => check(node.source, node.source.value, node.importKind, node.specifiers),
    ExportNamedDeclaration: (node) => {
      if (node.source) check(node.source, node.source.value, node.exportKind, node.specifiers);
    },
    ImportExpression: (node) => {
      if (node.source.type === 'Literal')
        check(node.source, node.source.value, 'value', [{ type: 'ImportNamespaceSpecifier' }]);
    },
  };
}

/** The layer a relative import lands in, within the same service. */
function targetLayer(fromFile, source, serviceSrc) {
  const resolved = toPosix(path.resolve(path.dirname(fromFile), source));
  if (!resolved.startsWith(`${serviceSrc}/`)) return undefined;
  return resolved.slice(serviceSrc.length + 1).split('/')[0];
}

/** @type {import('eslint').Rule.RuleModule} */
const layers = {
  meta: {
    type: 'problem',
    docs: {
      description:
        "Inside a service: routes never import db/, domain/ does no I/O, Kysely values only in db/. In a front end, components and pages never import the transport, only their remote's src/api/.",
    },
    schema: [{ type: 'object', properties: { root: { type: 'string' } }, additionalProperties: false }],
    messages: {
      routeToDb: `${RULE_NAME}: routes are thin and never import db/ ('{{source}}'): call a use case that uses the repository.`,
      domainIo: `${RULE_NAME}: domain/ holds rules and does no I/O; '{{source}}' belongs in adapters/, db/ or a use case.`,
      viewToTransport: `${RULE_NAME}: components and pages never call the API themselves ({{name}}): use a typed call, query or mutation hook from the remote's src/api/.`,
      kyselyOutsideDb: `${RULE_NAME}: only db/ speaks SQL; import '{{name}}' from 'kysely' in a repository (type-only imports are fine).`,
    },
  },

  create(context) {
    const root = context.options[0]?.root ?? context.cwd;
    const filename = context.filename;
    const relative = toPosix(path.relative(root, filename));
    if (relative.startsWith('..')) return {};
    if (isFrontendView(relative)) return frontendViewVisitors(context);
    const layer = layerOf(relative);
    if (layer === undefined) return {};
    const serviceSrc = toPosix(path.resolve(root, relative.split('/').slice(0, 3).join('/')));

    function checkSource(node, source, importKind, specifiers) {
      if (typeof source !== 'string') return;
      const typeOnly = importKind === 'type';
      if (source.startsWith('.')) {
        const target = targetLayer(toPosix(filename), source, serviceSrc);
        if (layer === 'routes' && target === 'db' && !typeOnly)
          context.report({ node, messageId: 'routeToDb', data: { source } });
        if (layer === 'domain' && (target === 'db' || target === 'adapters') && !typeOnly)
          context.report({ node, messageId: 'domainIo', data: { source } });
        return;
      }
      const bare = source.startsWith('node:') ? source.slice(5) : source;
      if (layer === 'domain' && !typeOnly && (IO_MODULES.has(bare) || IO_PACKAGES.has(bare)))
        context.report({ node, messageId: 'domainIo', data: { source } });
      if (source === 'kysely' && layer !== 'db' && !typeOnly) {
        const values = (specifiers ?? []).filter((s) => s.importKind !== 'type');
        for (const s of values.length ? values : [{ local: { name: '*' } }]) {
          context.report({
            node,
            messageId: 'kyselyOutsideDb',
            data: { name: s.imported?.name ?? s.local?.name ?? '*' },
          });
        }
      }
    }

    return {
      ImportDeclaration: (node) =>
        checkSource(
          node.source,
          node.source.value,
          node.importKind,
          node.specifiers.filter(
            (s) =>
              s.type === 'ImportSpecifier' ||
              s.type === 'ImportDefaultSpecifier' ||
              s.type === 'ImportNamespaceSpecifier',
          ),
        ),
      ExportNamedDeclaration: (node) => {
        if (node.source) checkSource(node.source, node.source.value, node.exportKind, []);
      },
      ImportExpression: (node) => {
        if (node.source.type === 'Literal') checkSource(node.source, node.source.value, 'value', []);
      },
    };
  },
};

export default layers;

// The boundary rule of MER: services talk only through contracts.
//
// A file under services/<a>/ may import node builtins, npm packages, its own files,
// `@mer/contracts`, `@mer/service-runtime` (plus `@mer/service-runtime/testing` in tests) and pure
// libraries in packages/ with no I/O (`@mer/chart-engine`, `@mer/text-sanitiser`).
// The gateway is held to the same list. contracts/ and packages/ are shared libraries: they
// may not reach up into services, the gateway, front ends or infra. Everywhere, `@mer/*`
// packages are imported only through their public entries (no `@mer/contracts/src/...`).
//
// Why a lint rule and not only review: one convenient import of another service's code is
// enough to couple two deployables; this keeps every service startable and deployable alone.
import { builtinModules } from 'node:module';
import path from 'node:path';
import layers from './layers.js';

const RULE_NAME = 'mer/service-boundaries';
const BOUNDARY = 'services talk only through contracts';

/** Packages a service or the gateway may import (their root entries). */
const DEFAULT_SHARED = ['@mer/contracts', '@mer/service-runtime', '@mer/chart-engine', '@mer/text-sanitiser'];
/** Public sub-entries of `@mer/*` packages (their package.json `exports`), and where they may be used. */
const DEFAULT_PUBLIC_SUBPATHS = {
  '@mer/service-runtime/testing': 'tests',
  // The browser route table (TypeBox-free) that front ends call the API through.
  '@mer/contracts/browser': 'all',
};

const builtins = new Set(builtinModules);

/** Which part of the repository a file belongs to, from its path relative to the repo root. */
function areaOf(relative) {
  const parts = relative.split('/');
  if (parts[0] === 'services' && parts.length > 2)
    return { kind: 'service', name: parts[1], dir: `services/${parts[1]}` };
  if (parts[0] === 'gateway' && parts.length > 1) return { kind: 'gateway', name: 'gateway', dir: 'gateway' };
  if (parts[0] === 'contracts' && parts.length > 1)
    return { kind: 'library', name: 'contracts', dir: 'contracts' };
  if (parts[0] === 'packages' && parts.length > 2)
    return { kind: 'library', name: parts[1], dir: `packages/${parts[1]}` };
  return { kind: 'other', name: parts[0], dir: parts[0] };
}

function isTestFile(relative) {
  return /(^|\/)test\//.test(relative) || /\.(test|spec)\.[cm]?[jt]sx?$/.test(relative);
}

function toPosix(p) {
  return p.split(path.sep).join('/');
}

/** `@mer/identity/src/x.ts` → { pkg: '@mer/identity', subpath: 'src/x.ts' } */
function splitPackage(source) {
  const parts = source.split('/');
  const pkg = source.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  const subpath = source.startsWith('@') ? parts.slice(2).join('/') : parts.slice(1).join('/');
  return { pkg, subpath };
}

/** Describes what a repo-relative path lands in, for the error message. */
function describeTarget(relativeTarget) {
  const target = areaOf(relativeTarget);
  if (target.kind === 'service') return `services/${target.name}`;
  return target.dir;
}

/** @type {import('eslint').Rule.RuleModule} */
const serviceBoundaries = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Services and the gateway import only node builtins, npm packages, their own files, @mer/contracts and @mer/service-runtime; packages only through their root entries.',
    },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          shared: { type: 'array', items: { type: 'string' } },
          publicSubpaths: { type: 'object', additionalProperties: { enum: ['tests', 'all'] } },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      otherService: `${RULE_NAME}: ${BOUNDARY}. {{from}} may not import {{target}}; use @mer/contracts (events, HTTP schemas) instead.`,
      outsideOwnFolder: `${RULE_NAME}: ${BOUNDARY}. {{from}} may import only its own files, npm packages, @mer/contracts and @mer/service-runtime, not {{target}}.`,
      libraryReachesUp: `${RULE_NAME}: {{from}} is shared code and may not import {{target}} (services, gateway, front ends and infra depend on it, never the other way).`,
      deepImport: `${RULE_NAME}: import {{pkg}} only through its root entry, not '{{source}}' (deep imports bypass the package's public API).`,
      testingOutsideTests: `${RULE_NAME}: '{{source}}' is for test files only.`,
    },
  },

  create(context) {
    const options = context.options[0] ?? {};
    const root = options.root ?? context.cwd;
    const shared = new Set(options.shared ?? DEFAULT_SHARED);
    const publicSubpaths = options.publicSubpaths ?? DEFAULT_PUBLIC_SUBPATHS;

    const filename = context.filename;
    const relativeFile = toPosix(path.relative(root, filename));
    if (relativeFile.startsWith('..') || path.isAbsolute(relativeFile)) return {};
    const area = areaOf(relativeFile);
    const inTest = isTestFile(relativeFile);
    const restricted = area.kind === 'service' || area.kind === 'gateway';

    function check(node, source) {
      if (typeof source !== 'string' || source === '') return;

      // Relative (or absolute) paths: where do they land?
      if (source.startsWith('.') || source.startsWith('/')) {
        const resolved = path.resolve(path.dirname(filename), source);
        const relativeTarget = toPosix(path.relative(root, resolved));
        if (relativeTarget.startsWith('..')) {
          if (restricted) {
            context.report({ node, messageId: 'outsideOwnFolder', data: { from: area.dir, target: source } });
          }
          return;
        }
        const target = areaOf(relativeTarget);
        const inOwnFolder = relativeTarget === area.dir || relativeTarget.startsWith(`${area.dir}/`);
        if (inOwnFolder && area.kind !== 'other') return;

        if (restricted) {
          const crossesService = target.kind === 'service' || target.kind === 'gateway';
          const crossesApp = ['frontends', 'infra'].includes(target.dir);
          if (crossesService || crossesApp) {
            context.report({
              node,
              messageId: 'otherService',
              data: { from: area.dir, target: `${describeTarget(relativeTarget)} ('${source}')` },
            });
          } else if (target.kind === 'library') {
            context.report({ node, messageId: 'deepImport', data: { pkg: target.dir, source } });
          } else {
            context.report({
              node,
              messageId: 'outsideOwnFolder',
              data: { from: area.dir, target: `'${source}'` },
            });
          }
          return;
        }
        if (area.kind === 'library') {
          if (
            target.kind === 'service' ||
            target.kind === 'gateway' ||
            ['frontends', 'infra'].includes(target.dir)
          ) {
            context.report({
              node,
              messageId: 'libraryReachesUp',
              data: { from: area.dir, target: `${describeTarget(relativeTarget)} ('${source}')` },
            });
          } else if (target.kind === 'library') {
            context.report({ node, messageId: 'deepImport', data: { pkg: target.dir, source } });
          }
        }
        return;
      }

      // Node builtins and npm packages other than MER's own are always fine.
      if (source.startsWith('node:') || builtins.has(source.split('/')[0])) return;
      if (!source.startsWith('@mer/')) return;

      const { pkg, subpath } = splitPackage(source);
      if (subpath) {
        const visibility = publicSubpaths[source];
        if (!visibility) {
          context.report({ node, messageId: 'deepImport', data: { pkg, source } });
          return;
        }
        if (visibility === 'tests' && !inTest && area.kind !== 'other') {
          context.report({ node, messageId: 'testingOutsideTests', data: { source } });
          return;
        }
      }
      if (restricted && !shared.has(pkg)) {
        context.report({ node, messageId: 'otherService', data: { from: area.dir, target: pkg } });
      } else if (area.kind === 'library' && !shared.has(pkg)) {
        context.report({ node, messageId: 'libraryReachesUp', data: { from: area.dir, target: pkg } });
      }
    }

    function literalValue(node) {
      if (!node) return undefined;
      if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
      if (node.type === 'TemplateLiteral' && node.expressions.length === 0)
        return node.quasis[0]?.value.cooked;
      return undefined;
    }

    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => {
        if (node.source) check(node.source, node.source.value);
      },
      ImportExpression: (node) => check(node.source, literalValue(node.source)),
      // `import x = require('...')` and type-position `import('...').T`
      TSExternalModuleReference: (node) => check(node.expression, literalValue(node.expression)),
      TSImportType: (node) => {
        const argument = node.argument?.type === 'TSLiteralType' ? node.argument.literal : node.argument;
        check(node, literalValue(argument) ?? literalValue(node.source));
      },
      CallExpression: (node) => {
        if (
          node.callee.type === 'Identifier' &&
          node.callee.name === 'require' &&
          node.arguments.length === 1
        ) {
          check(node.arguments[0], literalValue(node.arguments[0]));
        }
      },
    };
  },
};

/** The ESLint plugin: register as `mer` in the flat config and enable `mer/service-boundaries`. */
const plugin = {
  meta: { name: 'eslint-plugin-mer', version: '0.1.0' },
  rules: { 'service-boundaries': serviceBoundaries, layers },
};

export default plugin;
export { serviceBoundaries, BOUNDARY };

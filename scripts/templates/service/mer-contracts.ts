/**
 * `@mer/contracts` as the template service sees it: the real package plus the template's own contracts, which are
 * not registered in contracts/src/index.ts (the template is no service of MER). The generator rewrites every
 * import of this file to `@mer/contracts`, where the generated service's contracts are registered. Never copied.
 */
export * from '@mer/contracts';
export * from './contracts/src/http/stencil-demo.ts';
export * from './contracts/src/events/stencil-demo.ts';

/**
 * `@mer/contracts/browser` as the template remote sees it: the real route table plus the browser routes of the
 * template service (`stencilDemo`), which is no service of MER and so is not in the generated table. The generator
 * rewrites every import of this file to `@mer/contracts/browser`, where a generated service's routes are once
 * `npm run generate:browser-routes` has run. Never copied.
 */
export * from '@mer/contracts/browser';
export * as stencilDemo from './stencil-demo-routes.ts';

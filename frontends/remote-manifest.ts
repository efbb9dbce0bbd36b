/**
 * A remote's route manifest (`<remote>/src/routes.ts`, exported as `manifest`): which paths it serves, which page
 * it exposes for each, and who may open it. The remote's Vite config exposes one module per page from it
 * (`exposesOf`), and the shell's route table reads every manifest at build time
 * (shell/src/routes/route-table.ts), so a remote made by `npm run new:remote` needs no edit of the shell.
 * Pure data and functions: the shell bundles it.
 */

/**
 *   none    public page, no guard
 *   login   needs a signed-in user, skips the onboarding checks (the page routes itself)
 *   member  the full access guard (spec 000 section 4 "Access guard decisions")
 */
export type GuardKind = 'none' | 'login' | 'member';

export interface RemoteRoute {
  /** A react-router path: `/greetings`, `/greetings/:id`, `/admin/*`. */
  path: string;
  /** The page component: `src/pages/<page>.tsx`, exposed as `./<page>`. */
  page: string;
  guard: GuardKind;
  /** Human name of the page, for the document title, error cards and the "coming soon" page. */
  title: string;
}

export interface RemoteManifest {
  /** The remote's name: its folder, its /remotes/<name>/ path and its federation name. */
  remote: string;
  /** What the "coming soon" page says while the remote is not deployed. */
  area: { name: string; description: string };
  routes: readonly RemoteRoute[];
}

export function defineRemoteManifest<const M extends RemoteManifest>(manifest: M): M {
  return manifest;
}

/** The remote's federation `exposes`: one module per page, `./<page>` → `./src/pages/<page>.tsx`. */
export function exposesOf(manifest: RemoteManifest): Record<string, string> {
  return Object.fromEntries(
    manifest.routes.map((route) => [`./${route.page}`, `./src/pages/${route.page}.tsx`]),
  );
}

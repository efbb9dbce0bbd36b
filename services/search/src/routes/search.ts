import { searchDataExportRoutes, searchRoutes } from '@mer/contracts';
import { currentUser, registerRoute, type App } from '@mer/service-runtime';
import type { SearchDeps } from '../deps.ts';
import {
  forgetHistory,
  myHistory,
  mySavedSearches,
  popularSearches,
  recordSearch,
  removeSavedSearch,
  saveSearch,
  setNotifications,
} from '../use-cases/member-searches.ts';
import { exportMemberData } from '../use-cases/export-member-data.ts';
import { rebuildIndex } from '../use-cases/rebuild.ts';
import { search, suggestions } from '../use-cases/search.ts';

/** Thin routes: the contract validates, a use case decides, the result maps to the response. */
export function registerSearchRoutes(app: App, deps: SearchDeps): void {
  registerRoute(app, searchRoutes.search, async (request) =>
    search(deps, currentUser(request).sub, request.query),
  );
  registerRoute(app, searchRoutes.suggestions, async (request) =>
    suggestions(deps, currentUser(request).sub, request.query.q),
  );
  registerRoute(app, searchRoutes.history, async (request) => myHistory(deps, currentUser(request).sub));
  registerRoute(app, searchRoutes.recordSearch, async (request) =>
    recordSearch(deps, currentUser(request).sub, request.body),
  );
  registerRoute(app, searchRoutes.clearHistory, async (request) =>
    forgetHistory(deps, currentUser(request).sub),
  );
  registerRoute(app, searchRoutes.savedSearches, async (request) =>
    mySavedSearches(deps, currentUser(request).sub),
  );
  registerRoute(app, searchRoutes.saveSearch, async (request) =>
    saveSearch(deps, currentUser(request).sub, request.body),
  );
  registerRoute(app, searchRoutes.updateSavedSearch, async (request) =>
    setNotifications(deps, currentUser(request).sub, request.params.id, request.body.notificationsEnabled),
  );
  registerRoute(app, searchRoutes.deleteSavedSearch, async (request) =>
    removeSavedSearch(deps, currentUser(request).sub, request.params.id),
  );
  registerRoute(app, searchRoutes.popular, async () => popularSearches(deps));
  registerRoute(app, searchRoutes.rebuild, async () => rebuildIndex(deps));
  registerRoute(app, searchDataExportRoutes.exportMyData, async (request) =>
    exportMemberData(deps, currentUser(request).sub),
  );
}

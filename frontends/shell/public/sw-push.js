/*
 * Web push for MER's service worker (imported by the generated sw.js: vite.config.ts workbox.importScripts).
 * notifications-email sends a JSON payload { title, body, url, tag }; the worker shows it, and a click focuses an
 * open MER tab on that page (or opens one). Only paths on MER itself are opened.
 */
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'MER';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: typeof data.url === 'string' ? data.url : '/notifications' },
    }),
  );
});

/** The action URL as a page of this site: a path, or the same path of an absolute link (e-mails use the production host). */
function pageOf(url) {
  try {
    const parsed = new URL(url, self.location.origin);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return '/notifications';
    return parsed.pathname + parsed.search + parsed.hash;
  } catch {
    return '/notifications';
  }
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(pageOf(event.notification.data && event.notification.data.url), self.location.origin)
    .href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open && 'navigate' in open) return open.focus().then(() => open.navigate(target));
      return self.clients.openWindow(target);
    }),
  );
});

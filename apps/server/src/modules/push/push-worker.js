// The shop's service worker (issue 20 item 10, ADR 031), served at
// {APP_PREFIX}/push-worker.js only while Web Push is on. It does one thing:
// shows the "your order is ready" notification the order.ready-push job sends
// (title, body and url already in the store's language: order-ready-push.ts)
// and opens the order page when the notification is pressed. No fetch handler:
// the shop's pages and API never go through it.

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** The payload as the server writes it; a payload that is not JSON still shows its text. */
function readPayload(data) {
  if (!data) return {};
  try {
    const parsed = data.json();
    return parsed && typeof parsed === 'object' ? parsed : {};
  } catch {
    return { body: data.text() };
  }
}

/** Only a page of this shop's origin may be opened (the scope's origin). */
function pageUrl(url) {
  const scope = new URL(self.registration.scope);
  try {
    const target = new URL(typeof url === 'string' ? url : scope.href, scope);
    return target.origin === scope.origin ? target.href : scope.href;
  } catch {
    return scope.href;
  }
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event.data);
  const title = typeof payload.title === 'string' && payload.title ? payload.title : self.location.hostname;
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof payload.body === 'string' ? payload.body : '',
      tag: typeof payload.tag === 'string' ? payload.tag : undefined,
      lang: typeof payload.lang === 'string' ? payload.lang : undefined,
      data: { url: pageUrl(payload.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = pageUrl(event.notification.data?.url);
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === url && 'focus' in client);
      return open ? open.focus() : self.clients.openWindow(url);
    }),
  );
});

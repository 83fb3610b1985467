/* Brickwise service worker (issue 23, ADR 0031): shows Web Push notifications and opens their screen. */
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

const readPush = (event) => {
  try {
    return event.data ? event.data.json() : {};
  } catch {
    return { body: event.data ? event.data.text() : '' };
  }
};

self.addEventListener('push', (event) => {
  const message = readPush(event);
  const title = typeof message.title === 'string' ? message.title : 'Neue Mitteilung';
  const shown = self.registration.showNotification(title, {
    body: typeof message.body === 'string' ? message.body : '',
    tag: typeof message.tag === 'string' ? message.tag : undefined,
    data: { link: typeof message.link === 'string' ? message.link : null },
    icon: '/favicon.svg',
  });
  // Open pages hear of it too (they refresh the inbox); tests read this message.
  const told = self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((clients) => {
    for (const client of clients) client.postMessage({ kind: 'push', title, body: message.body });
  });
  event.waitUntil(Promise.all([shown, told]));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = event.notification.data?.link;
  const target = link ? `/app/${link}` : '/app/inbox';
  event.waitUntil(self.clients.openWindow(target));
});

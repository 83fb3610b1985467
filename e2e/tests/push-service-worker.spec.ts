import { expect, test } from '@playwright/test';

/**
 * ADR 0031: headless Chromium here cannot reach a browser vendor's push service (no internet), so a
 * real subscription cannot be delivered to. What the browser does with a push is tested instead:
 * the web app's service worker (public/sw.js) receives a push event delivered through the browser's
 * own DevTools protocol (`ServiceWorker.deliverPushMessage`), shows the notification and tells the
 * open pages. The server side's encryption is tested against a local push service
 * (apps/api/src/providers/push/web-push-provider.integration.test.ts).
 */
test('the service worker receives a push and tells the open page', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['notifications'], { origin: baseURL ?? '' });
  await page.goto('/');
  const cdp = await context.newCDPSession(page);
  const registrations: string[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => {
    for (const registration of event.registrations) registrations.push(registration.registrationId);
  });
  await cdp.send('ServiceWorker.enable');
  // The e2e project has no DOM types: the page's side is a string, as elsewhere in these specs.
  await page.evaluate(`(async () => {
    window.pushMessages = [];
    navigator.serviceWorker.addEventListener('message', (event) => window.pushMessages.push(event.data));
    await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    await navigator.serviceWorker.ready;
  })()`);
  await expect.poll(() => registrations.length).toBeGreaterThan(0);

  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(baseURL ?? '').origin,
    registrationId: registrations.at(-1) ?? '',
    data: JSON.stringify({
      title: 'Ausschüttung erhalten',
      body: '12,34 € für „Loft in der Altstadt“',
      link: 'account',
    }),
  });

  await expect
    .poll(() => page.evaluate('window.pushMessages'))
    .toContainEqual({ kind: 'push', title: 'Ausschüttung erhalten', body: '12,34 € für „Loft in der Altstadt“' });
});

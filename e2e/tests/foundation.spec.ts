import { expect, test } from '@playwright/test';

// The product is one process: the API serves the web app, its own reference and health checks.
test('the server is ready and serves the web app on the same origin', async ({ page, request }) => {
  const ready = await request.get('/readyz');
  expect(ready.ok()).toBe(true);
  expect((await ready.json()).data.status).toBe('ready');

  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).toContain("default-src 'self'");
  await expect(page.locator('#root')).not.toBeEmpty();
});

test('the API reference renders from the generated OpenAPI document', async ({ page }) => {
  await page.goto('/api/docs/');
  await expect(page.getByText('Brickwise API').first()).toBeVisible();
  await expect(page.getByText('/api/v1/appConfig/{appId}').first()).toBeVisible();
});

test('unknown API paths answer JSON, never the web page', async ({ request }) => {
  const res = await request.get('/api/v1/nothing-here', { headers: { accept: 'text/html' } });
  expect(res.status()).toBe(404);
  expect((await res.json()).error.code).toBe('ROUTE_NOT_FOUND');
});

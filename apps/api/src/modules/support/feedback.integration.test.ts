import { randomUUID } from 'node:crypto';
import { feedbackPrompts, transactions } from '@bw/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BulkInvestor, createBulkInvestors } from '../../test/bulk-investors.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createLoggedInUser } from '../auth/auth.test-support.js';
import { createStaffSession } from '../backoffice/backoffice.test-support.js';

/**
 * Issue 23 / ADR 0033: the app-rating prompt is due after the first settled purchase, its answer is
 * remembered ("later" for 30 days), and feedback lands once in the back office's support queue.
 */
let t: TestApp;
let investors: BulkInvestor[];

beforeAll(async () => {
  t = await createTestApp();
  investors = await createBulkInvestors(t.app.db, 3, { cashCents: 1n, label: `feedback${process.pid}` });
});
afterAll(async () => t.close());

const inv = (i: number) => investors[i] as BulkInvestor;
const call = (method: 'GET' | 'POST', url: string, who: { headers: Record<string, string> } | null, payload?: object) =>
  t.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });
const prompt = async (who: BulkInvestor) => {
  const response = await call('GET', '/api/v1/feedback/prompt', who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.prompt as string | null;
};
/** A buy transaction `minutesAgo` (the purchase itself is not under test here, only the prompt's clock). */
const settlePurchase = (userId: string, status: 'success' | 'pending' = 'success', minutesAgo = 8 * 24 * 60) =>
  t.app.db.insert(transactions).values({
    userId,
    type: 'buy',
    status,
    method: 'account',
    amountCents: 10_000n,
    createdAt: new Date(Date.now() - minutesAgo * 60_000),
  });

describe('the app-rating prompt', () => {
  it('guests get 401 on every feedback call before the input is checked', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/feedback/prompt'],
      ['POST', '/api/v1/feedback/prompt'],
      ['POST', '/api/v1/feedback'],
    ] as const) {
      expect((await call(method, url, null, method === 'POST' ? { nonsense: 1 } : undefined)).statusCode).toBe(401);
    }
  });

  it('is due a week after the first settled purchase, and "later" hides it for 30 days', async () => {
    const unverified = await createLoggedInUser(t.app);
    expect((await call('GET', '/api/v1/feedback/prompt', unverified)).json().data.prompt).toBeNull();
    expect(await prompt(inv(0))).toBeNull();
    await settlePurchase(inv(0).userId, 'pending');
    expect(await prompt(inv(0))).toBeNull();
    // A purchase settled 6 days 23 hours ago: not yet; one of 7 days and a minute ago: due.
    await settlePurchase(inv(0).userId, 'success', 7 * 24 * 60 - 60);
    expect(await prompt(inv(0))).toBeNull();
    await settlePurchase(inv(0).userId, 'success', 7 * 24 * 60 + 1);
    expect(await prompt(inv(0))).toBe('appRating');

    const later = await call('POST', '/api/v1/feedback/prompt', inv(0), { answer: 'later' });
    expect(later.json().data.prompt).toBeNull();
    expect(await prompt(inv(0))).toBeNull();
    // 30 days and a second later it is due again.
    await t.app.db
      .update(feedbackPrompts)
      .set({ showAfter: new Date(Date.now() - 1000) })
      .where(eq(feedbackPrompts.userId, inv(0).userId));
    expect(await prompt(inv(0))).toBe('appRating');
    // Going on to the rating ends it for good, even when the date passes.
    await call('POST', '/api/v1/feedback/prompt', inv(0), { answer: 'rated' });
    await t.app.db
      .update(feedbackPrompts)
      .set({ showAfter: new Date(Date.now() - 1000) })
      .where(eq(feedbackPrompts.userId, inv(0).userId));
    expect(await prompt(inv(0))).toBeNull();

    // The development route makes it due now (browser tests), but still only after a settled purchase.
    expect((await call('POST', '/api/v1/dev/feedback/promptDue', inv(0))).json().data.prompt).toBe('appRating');
    expect((await call('POST', '/api/v1/dev/feedback/promptDue', inv(2))).json().data.prompt).toBeNull();
    const bad = await call('POST', '/api/v1/feedback/prompt', inv(0), { answer: 'vielleicht' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields['body.answer']).toBe('Die Antwort ist ungültig.');
  });
});

describe('the feedback modal', () => {
  it('lands once in the support queue with its stars; from the prompt it ends the prompt', async () => {
    await settlePurchase(inv(1).userId);
    expect(await prompt(inv(1))).toBe('appRating');
    const body = {
      requestId: randomUUID(),
      rating: 2,
      message: 'Die Kursgrafik lädt am Handy sehr langsam.',
      source: 'appRating',
    };
    const first = await call('POST', '/api/v1/feedback', inv(1), body);
    expect(first.statusCode, first.body).toBe(200);
    const again = await call('POST', '/api/v1/feedback', inv(1), body);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(await prompt(inv(1))).toBeNull();

    const support = await createStaffSession(t.app, 'support');
    const queue = await t.app.inject({ url: '/admin/api/v1/support/requests', headers: support.headers });
    const mine = queue.json().data.items.filter((item: { email: string }) => item.email === inv(1).email) as Record<
      string,
      unknown
    >[];
    expect(mine).toEqual([
      expect.objectContaining({
        kind: 'feedback',
        rating: 2,
        subject: 'Feedback: 2 von 5 Sternen',
        message: 'Die Kursgrafik lädt am Handy sehr langsam.',
        status: 'open',
      }),
    ]);
  });

  it('refuses stars out of range and an over-long text with German messages', async () => {
    for (const [payload, message] of [
      [{ requestId: randomUUID(), rating: 0 }, 'Wähle eine Bewertung von 1 bis 5 Sternen.'],
      [{ requestId: randomUUID(), rating: 6 }, 'Wähle eine Bewertung von 1 bis 5 Sternen.'],
      [{ requestId: randomUUID(), rating: 4, message: 'x'.repeat(2001) }, 'Dein Feedback ist zu lang.'],
      [{ requestId: 'nein', rating: 4 }, 'Die Anfrage ist ungültig.'],
    ] as const) {
      const response = await call('POST', '/api/v1/feedback', inv(2), payload);
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json().error)).toContain(message);
    }
  });
});

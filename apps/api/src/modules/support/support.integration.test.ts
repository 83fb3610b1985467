import type { NotificationPage, SupportQuestion } from '@bw/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createLoggedInUser, latestEmail } from '../auth/auth.test-support.js';
import { createStaffSession } from '../backoffice/backoffice.test-support.js';

/** Issue 23: the FAQ search (misspelt queries too), write us, call back, the queue and the answer in the inbox. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const search = async (q?: string): Promise<{ questions: SupportQuestion[]; total: number }> => {
  const res = await t.app.inject({ url: '/api/v1/support/questions', query: q === undefined ? {} : { q } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('GET /api/v1/support/questions', () => {
  it('holds at least 30 real questions', async () => {
    const all = await search();
    expect(all.total).toBeGreaterThanOrEqual(30);
    expect(all.questions.every((q) => q.question.endsWith('?') && q.answer.length > 40)).toBe(true);
  });

  it.each([
    ['Steuerbescheinigung', 'Wo finde ich meine Steuerbescheinigung?'],
    ['Auszahlungen', 'Wie lasse ich mir Geld auszahlen?'],
    ['auszalung', 'Wie lasse ich mir Geld auszahlen?'],
    ['Pasword vergesen', 'Ich habe mein Passwort vergessen. Was kann ich tun?'],
    ['Secrity App verloren', 'Ich habe mein Handy verloren. Was passiert mit meiner Security App?'],
    ['wie verkaufe ich bricks', 'Wie verkaufe ich meine Bricks?'],
  ])('finds an answer for %s', async (query, expected) => {
    const { questions } = await search(query);
    expect(questions.slice(0, 3).map((q) => q.question)).toContain(expected);
  });

  it('finds nothing for an unrelated query', async () => {
    expect((await search('Quantenchromodynamik')).questions).toEqual([]);
  });
});

describe('write us and call back', () => {
  it('refuses a call back with a weekday out of range or a bad phone with German messages', async () => {
    const user = await createLoggedInUser(t.app);
    const post = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/v1/support/phoneRequest', headers: user.headers, payload });
    const weekend = await post({ weekday: 6, timeWindow: '10-12', phone: '+43 664 1234567' });
    expect(weekend.statusCode).toBe(400);
    expect(weekend.json().error.fields['body.weekday']).toBe('Wähle einen Wochentag von Montag bis Freitag.');
    const letters = await post({ weekday: 2, timeWindow: '10-12', phone: '0664-abc' });
    expect(letters.statusCode).toBe(400);
    expect(letters.json().error.fields['body.phone']).toBe('Es sind nur Zahlen erlaubt.');
    const implausible = await post({ weekday: 2, timeWindow: '10-12', phone: '123' });
    expect(implausible.json().error.fields['body.phone']).toBe('Die Telefonnummer ist nicht gültig.');
    const window = await post({ weekday: 2, timeWindow: '22-24', phone: '+43 664 1234567' });
    expect(window.json().error.fields['body.timeWindow']).toBe('Wähle ein Zeitfenster.');
  });

  it('answers 401 to a guest before validating', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/support/phoneRequest', payload: { weekday: 9 } });
    expect(res.statusCode).toBe(401);
  });

  it('a call back lands in the queue, is confirmed by e-mail, and the answer reaches the inbox', async () => {
    const user = await createLoggedInUser(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/support/phoneRequest',
      headers: user.headers,
      payload: { weekday: 3, timeWindow: '14-16', phone: '0664 1234567', message: 'Frage zur Auszahlung' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as string;
    const confirmation = await latestEmail(t.app, user.email);
    expect(confirmation.subject).toBe('Wir rufen dich zurück');
    expect(confirmation.bodyText).toContain('Mittwoch zwischen 14:00 bis 16:00 Uhr unter +436641234567');

    const support = await createStaffSession(t.app, 'support');
    const queue = await t.app.inject({ url: '/admin/api/v1/support/requests', headers: support.headers });
    expect(queue.statusCode, queue.body).toBe(200);
    expect(queue.json().data.items.find((item: { id: string }) => item.id === id)).toMatchObject({
      kind: 'callback',
      weekday: 3,
      phone: '+436641234567',
      status: 'open',
    });

    const answered = await t.app.inject({
      method: 'POST',
      url: `/admin/api/v1/support/requests/${id}/answer`,
      headers: support.headers,
      payload: { answer: 'Wir haben dich angerufen, die Auszahlung ist unterwegs.' },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const inbox = await t.app.inject({ url: '/api/v1/notification', headers: user.headers });
    const page = inbox.json().data as NotificationPage;
    expect(page.items[0]).toMatchObject({
      type: 'support',
      body: 'Wir haben dich angerufen, die Auszahlung ist unterwegs.',
    });
    const open = await t.app.inject({ url: '/admin/api/v1/support/requests', headers: support.headers });
    expect(open.json().data.items.some((item: { id: string }) => item.id === id)).toBe(false);
  });

  it('write us needs a subject and a message', async () => {
    const user = await createLoggedInUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/support/request',
      headers: user.headers,
      payload: { subject: ' ', message: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({
      'body.subject': 'Gib einen Betreff ein.',
      'body.message': 'Schreib uns deine Nachricht.',
    });
  });
});

import { forumMessages, outbox, queryRows, votings } from '@bw/db';
import { eq, sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '../../ledger/ledger.js';
import { type BulkInvestor, createBulkInvestors } from '../../test/bulk-investors.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createLoggedInUser, type LoggedIn } from '../auth/auth.test-support.js';
import { createStaffSession } from '../backoffice/backoffice.test-support.js';
import { assetWithHolders, call, L } from './forum.test-support.js';
import { VOTING_PHASE_CHANGED_TOPIC } from './forum.topics.js';
import { advanceVoting } from './operations/advance-voting.js';
import { viennaDateTime } from './operations/result-pdf.js';

/**
 * Issue 24: the ten forum calls, who may do what, the support rule through the API, the phases with
 * snapshot weights (trades during the vote change nothing), idempotent votes, exactly-once phase
 * changes with one outbox event each, and the moderation queue.
 */
let t: TestApp;
let investors: BulkInvestor[];
let unverified: LoggedIn;

const ok = async (response: Awaited<ReturnType<typeof call>>) => {
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};
const fastForward = async (votingId: string) =>
  (await ok(await call(t.app, 'POST', `/api/v1/dev/forum/votings/${votingId}/fastForward`, null))).phase as string;
const phaseEvents = async (votingId: string) =>
  (await t.app.db.select().from(outbox).where(eq(outbox.topic, VOTING_PHASE_CHANGED_TOPIC))).filter(
    (row) => (row.payload as { votingId: string }).votingId === votingId,
  );

const suggestion = (assetId: string) => ({
  assetId,
  title: 'Rücklage für neue Wechselrichter',
  description: 'Sollen wir die Rücklage für den Tausch der Wechselrichter verwenden?',
  theme: 'Instandhaltung',
  options: [
    { title: 'Tausch 2027', description: 'Alle Wechselrichter im Frühjahr 2027.' },
    { title: 'Schrittweise', description: '' },
  ],
});

beforeAll(async () => {
  t = await createTestApp();
  investors = await createBulkInvestors(t.app.db, 12, { cashCents: 1n, label: `forum${process.pid}` });
  unverified = await createLoggedInUser(t.app);
});
afterAll(async () => t.close());

const inv = (i: number) => investors[i] as BulkInvestor;

describe('who may use the forum (spec section 6)', () => {
  it('guests get 401 on all ten calls before any input is checked; the unverified 403; non-holders read but not write', async () => {
    const assetId = await assetWithHolders(t.app, [{ investor: inv(0), shares: 10n }]);
    const v = '00000000-0000-4000-8000-000000000000';
    const calls: [string, string][] = [
      ['GET', `${L}/messages/${assetId}`],
      ['GET', `${L}/${assetId}/votings`],
      ['POST', `${L}/message`],
      ['POST', `${L}/voting`],
      ['POST', `${L}/${assetId}/voting/${v}/vote`],
      ['DELETE', `${L}/${assetId}/voting/${v}/vote`],
      ['POST', `${L}/${assetId}/voting/${v}/option/${v}/vote`],
      ['DELETE', `${L}/${assetId}/voting/${v}/option/${v}/vote`],
      ['POST', `${L}/${assetId}/voting/${v}/option`],
      ['POST', `${L}/complaint`],
    ];
    for (const [method, url] of calls) {
      const response = await call(t.app, method as 'GET', url, null, method === 'GET' ? undefined : { nonsense: 1 });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await call(t.app, 'GET', `${L}/messages/${assetId}`, unverified)).json().error.code).toBe(
      'FORUM_NOT_VERIFIED',
    );
    // inv(1) is verified but holds nothing of this asset.
    const list = await ok(await call(t.app, 'GET', `${L}/messages/${assetId}`, inv(1)));
    expect(list).toEqual({ messages: [], holder: false, nextCursor: null });
    const refused = await call(t.app, 'POST', `${L}/message`, inv(1), { assetId, text: 'Hallo' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('FORUM_NOT_HOLDER');
    expect((await call(t.app, 'POST', `${L}/voting`, inv(1), suggestion(assetId))).statusCode).toBe(403);
    expect((await call(t.app, 'GET', `${L}/messages/no-such-asset`, inv(1))).statusCode).toBe(404);
  });
});

describe('messages, complaints and moderation', () => {
  it('the author edits within 15 minutes; others and later edits are refused', async () => {
    const assetId = await assetWithHolders(t.app, [
      { investor: inv(0), shares: 10n },
      { investor: inv(1), shares: 10n },
    ]);
    const message = await ok(await call(t.app, 'POST', `${L}/message`, inv(0), { assetId, text: 'Tippfeler' }));
    expect(message.editable).toBe(true);
    const edited = await ok(await call(t.app, 'PUT', `${L}/message/${message.id}`, inv(0), { text: 'Tippfehler' }));
    expect(edited).toMatchObject({ text: 'Tippfehler', editable: true });
    expect(edited.editedAt).not.toBeNull();
    const other = await call(t.app, 'PUT', `${L}/message/${message.id}`, inv(1), { text: 'Fremd' });
    expect(other.json().error.code).toBe('FORUM_NOT_AUTHOR');
    expect((await ok(await call(t.app, 'GET', `${L}/messages/${assetId}`, inv(1)))).messages[0].editable).toBe(false);
    // 15:01 after posting the window is closed.
    await t.app.db
      .update(forumMessages)
      .set({ createdAt: new Date(Date.now() - 15 * 60_000 - 1_000) })
      .where(eq(forumMessages.id, message.id));
    const late = await call(t.app, 'PUT', `${L}/message/${message.id}`, inv(0), { text: 'Zu spät' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('FORUM_EDIT_WINDOW_CLOSED');
  });

  it('a holder posts, a reader complains twice (one complaint), staff hide and restore with a reason', async () => {
    const assetId = await assetWithHolders(t.app, [{ investor: inv(0), shares: 10n }]);
    const message = await ok(
      await call(t.app, 'POST', `${L}/message`, inv(0), { assetId, text: 'Siehe https://example.at/bericht' }),
    );
    expect(message).toMatchObject({ own: true, hidden: false, text: 'Siehe https://example.at/bericht' });
    expect((await call(t.app, 'POST', `${L}/message`, inv(0), { assetId, text: '   ' })).statusCode).toBe(400);

    const first = await ok(
      await call(t.app, 'POST', `${L}/complaint`, inv(1), { messageId: message.id, reason: 'Spam' }),
    );
    const again = await ok(
      await call(t.app, 'POST', `${L}/complaint`, inv(1), { messageId: message.id, reason: 'Spam!' }),
    );
    expect(again.id).toBe(first.id);

    const support = await createStaffSession(t.app, 'support');
    const queue = await ok(await call(t.app, 'GET', '/admin/api/v1/forum/complaints', support));
    expect(queue.complaints.filter((c: { messageId: string }) => c.messageId === message.id)).toHaveLength(1);

    const hidden = await ok(
      await call(t.app, 'POST', `/admin/api/v1/forum/messages/${message.id}/hide`, support, { reason: 'Werbung' }),
    );
    expect(hidden).toEqual({ messageId: message.id, hidden: true, resolvedComplaints: 1 });
    const twice = await call(t.app, 'POST', `/admin/api/v1/forum/messages/${message.id}/hide`, support, {
      reason: 'x',
    });
    expect(twice.statusCode).toBe(409);
    const seen = await ok(await call(t.app, 'GET', `${L}/messages/${assetId}`, inv(1)));
    expect(seen.messages[0]).toMatchObject({ id: message.id, hidden: true, text: '' });
    const queueAfter = await ok(await call(t.app, 'GET', '/admin/api/v1/forum/complaints', support));
    expect(queueAfter.complaints.some((c: { messageId: string }) => c.messageId === message.id)).toBe(false);

    // Hidden: not editable any more, even by the author within the window.
    expect((await call(t.app, 'PUT', `${L}/message/${message.id}`, inv(0), { text: 'Neu' })).json().error.code).toBe(
      'FORUM_EDIT_WINDOW_CLOSED',
    );
    await ok(
      await call(t.app, 'POST', `/admin/api/v1/forum/messages/${message.id}/restore`, support, { reason: 'Ok' }),
    );
    expect((await ok(await call(t.app, 'GET', `${L}/messages/${assetId}`, inv(1)))).messages[0].text).toContain(
      'example.at',
    );
    // Investors cannot reach the admin API (a staff session is another cookie).
    expect((await call(t.app, 'GET', '/admin/api/v1/forum/complaints', inv(0))).statusCode).toBe(403);
  });
});

describe('message paging (keyset)', () => {
  it('55 messages in pages of 50, 3 new ones arrive in between: every message once, ties included', async () => {
    const assetId = await assetWithHolders(t.app, [{ investor: inv(0), shares: 10n }]);
    const start = Date.now() - 3_600_000;
    // Five messages share one timestamp at the page boundary: the id breaks the tie.
    await t.app.db.insert(forumMessages).values(
      Array.from({ length: 55 }, (_, i) => ({
        assetId,
        authorId: inv(0).userId,
        body: `Alt ${i}`,
        createdAt: new Date(start + (i < 8 ? 0 : i) * 1000),
      })),
    );
    const first = await ok(await call(t.app, 'GET', `${L}/messages/${assetId}`, inv(1)));
    expect(first.messages).toHaveLength(50);
    expect(first.nextCursor).toMatch(/^\d+_[0-9a-f-]{36}$/);
    for (const text of ['Neu 1', 'Neu 2', 'Neu 3'])
      await ok(await call(t.app, 'POST', `${L}/message`, inv(0), { assetId, text }));
    const second = await ok(
      await call(t.app, 'GET', `${L}/messages/${assetId}?cursor=${encodeURIComponent(first.nextCursor)}`, inv(1)),
    );
    expect(second.nextCursor).toBeNull();
    const seen = [...first.messages, ...second.messages].map((m: { text: string }) => m.text);
    expect(seen).toHaveLength(55);
    expect(new Set(seen).size).toBe(55);
    expect(seen.every((text) => text.startsWith('Alt '))).toBe(true);
    // The newest page now starts with the new ones; the client's older page follows without overlap.
    const fresh = await ok(await call(t.app, 'GET', `${L}/messages/${assetId}`, inv(1)));
    expect(fresh.messages.slice(0, 3).map((m: { text: string }) => m.text)).toEqual(['Neu 3', 'Neu 2', 'Neu 1']);
    const older = await ok(
      await call(t.app, 'GET', `${L}/messages/${assetId}?cursor=${encodeURIComponent(fresh.nextCursor)}`, inv(1)),
    );
    const all = [...fresh.messages, ...older.messages].map((m: { id: string }) => m.id);
    expect(new Set(all).size).toBe(58);
    expect(all).toHaveLength(58);
    const bad = await call(t.app, 'GET', `${L}/messages/${assetId}?cursor=abc`, inv(1));
    expect(bad.statusCode).toBe(400);
  });
});

describe('a voting from suggestion to result', () => {
  it('support rule, snapshot weights, changed and withdrawn votes, trades during the vote, one event per phase', async () => {
    // 10 holders: inv(0) 50 shares, inv(1..9) 100 each → 950 voting shares (above the 900-share
    // financing threshold); 10 % = 95 shares, and 1 investor but at least 3 supporters.
    const assetId = await assetWithHolders(t.app, [
      { investor: inv(0), shares: 50n },
      ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((i) => ({ investor: inv(i), shares: 100n })),
    ]);
    const created = await ok(await call(t.app, 'POST', `${L}/voting`, inv(0), suggestion(assetId)));
    expect(created).toMatchObject({
      phase: 'suggestion',
      mySupport: true,
      support: {
        supportingShares: '50',
        votingShares: '950',
        heldShares: '950',
        sharesNeeded: '95',
        investorsSupporting: 1,
        investors: 10,
        investorsNeeded: 3,
      },
    });
    const base = `${L}/${assetId}/voting/${created.id}`;
    // Voting on options is refused while it is a suggestion.
    const early = await call(t.app, 'POST', `${base}/option/${created.options[0].id}/vote`, inv(1));
    expect(early.json().error.code).toBe('VOTING_NOT_RUNNING');
    // inv(1) supports and withdraws: still a suggestion. Supporting twice is one support.
    await ok(await call(t.app, 'DELETE', `${base}/vote`, inv(0)));
    const withdrawn = await ok(await call(t.app, 'GET', `${L}/${assetId}/votings`, inv(0)));
    expect(withdrawn.votings[0].support.investorsSupporting).toBe(0);
    await ok(await call(t.app, 'POST', `${base}/vote`, inv(0), {}));
    await ok(await call(t.app, 'POST', `${base}/vote`, inv(0), {}));
    // 50 of 950 shares (5.3 %) with 1 of 10 investors: not enough shares yet.
    expect((await ok(await call(t.app, 'GET', `${L}/${assetId}/votings`, inv(1)))).votings[0].phase).toBe('suggestion');
    // 150 shares (15.8 %) but 2 supporters: fewer than 3, still a suggestion; a third one moves it.
    const two = await ok(await call(t.app, 'POST', `${base}/vote`, inv(1), {}));
    expect(two).toMatchObject({ phase: 'suggestion', support: { supportingShares: '150', investorsSupporting: 2 } });
    const supported = await ok(await call(t.app, 'POST', `${base}/vote`, inv(3), {}));
    expect(supported.phase).toBe('upcoming');
    expect(supported.support).toMatchObject({ supportingShares: '250', investorsSupporting: 3 });

    // Options can still be added while upcoming, by holders.
    const withOption = await ok(await call(t.app, 'POST', `${base}/option`, inv(2), { title: 'Nichts tun' }));
    expect(withOption.options.map((o: { title: string }) => o.title)).toEqual([
      'Tausch 2027',
      'Schrittweise',
      'Nichts tun',
    ]);

    // A trade before the start counts: inv(9) sells 60 of its shares to inv(10) (a newcomer).
    await t.app.db.transaction((tx) =>
      post(tx, {
        key: `forum-trade-before:${assetId}`,
        kind: 'test-trade',
        legs: [
          { account: { kind: 'user_shares', userId: inv(9).userId, assetId }, amount: -60n },
          { account: { kind: 'user_shares', userId: inv(10).userId, assetId }, amount: 60n },
        ],
      }),
    );
    expect(await fastForward(created.id)).toBe('running');
    // A trade during the vote does not move weights: inv(2) sells all its 100 shares to inv(11).
    await t.app.db.transaction((tx) =>
      post(tx, {
        key: `forum-trade-during:${assetId}`,
        kind: 'test-trade',
        legs: [
          { account: { kind: 'user_shares', userId: inv(2).userId, assetId }, amount: -100n },
          { account: { kind: 'user_shares', userId: inv(11).userId, assetId }, amount: 100n },
        ],
      }),
    );
    const running = await ok(await call(t.app, 'GET', `${L}/${assetId}/votings`, inv(2)));
    expect(running.votings[0]).toMatchObject({
      phase: 'running',
      myWeight: '100',
      tally: { snapshotShares: '950', snapshotHolders: 11, cast: '0' },
    });
    const [keep, step, none] = withOption.options.map((o: { id: string }) => o.id);
    // inv(11) bought during the vote: no weight.
    expect((await call(t.app, 'POST', `${base}/option/${keep}/vote`, inv(11))).json().error.code).toBe(
      'VOTING_NO_WEIGHT',
    );
    // inv(2) still votes with its 100 snapshot shares although it sold them.
    await ok(await call(t.app, 'POST', `${base}/option/${keep}/vote`, inv(2)));
    // Duplicate votes are one vote.
    await ok(await call(t.app, 'POST', `${base}/option/${keep}/vote`, inv(3)));
    await ok(await call(t.app, 'POST', `${base}/option/${keep}/vote`, inv(3)));
    // Changed vote: inv(4) first for `step`, then against all; inv(5) abstains; inv(6) votes and withdraws.
    await ok(await call(t.app, 'POST', `${base}/option/${step}/vote`, inv(4)));
    await ok(await call(t.app, 'POST', `${base}/vote`, inv(4), { choice: 'againstAll' }));
    await ok(await call(t.app, 'POST', `${base}/vote`, inv(5), { choice: 'abstain' }));
    await ok(await call(t.app, 'POST', `${base}/option/${none}/vote`, inv(6)));
    // Withdrawing another option's vote leaves the vote; withdrawing its own removes it.
    await ok(await call(t.app, 'DELETE', `${base}/option/${keep}/vote`, inv(6)));
    let view = await ok(await call(t.app, 'GET', `${L}/${assetId}/votings`, inv(6)));
    expect(view.votings[0].myVote).toEqual({ choice: 'option', optionId: none });
    await ok(await call(t.app, 'DELETE', `${base}/option/${none}/vote`, inv(6)));
    // inv(9) holds 40 now but voted with its 40 at the start (it sold 60 before).
    await ok(await call(t.app, 'POST', `${base}/option/${keep}/vote`, inv(9)));
    expect((await call(t.app, 'POST', `${base}/vote`, inv(7), {})).json().error.code).toBe('VOTING_CHOICE_REQUIRED');

    view = await ok(await call(t.app, 'GET', `${L}/${assetId}/votings`, inv(0)));
    expect(view.votings[0].tally).toMatchObject({ againstAll: '100', abstain: '100', cast: '340', voters: 5 });
    expect(view.votings[0].options.map((o: { weight: string }) => o.weight)).toEqual(['240', '0', '0']);
    expect((await call(t.app, 'POST', `${base}/option`, inv(3), { title: 'Zu spät' })).json().error.code).toBe(
      'VOTING_OPTIONS_CLOSED',
    );

    expect((await call(t.app, 'GET', `${base}/result`, inv(0))).json().error.code).toBe('VOTING_NOT_CLOSED');
    // Closing twice at once changes the phase once and writes one event.
    await t.app.db
      .update(votings)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(votings.id, created.id));
    const deps = { db: t.app.db, outbox: t.app.outbox, jobs: null };
    const runs = await Promise.all([1, 2, 3].map(() => advanceVoting(deps, created.id, new Date())));
    expect(runs.filter((r) => r?.changed)).toHaveLength(1);
    const closed = await ok(await call(t.app, 'GET', `${L}/${assetId}/votings`, inv(1)));
    expect(closed.votings[0]).toMatchObject({ phase: 'closed', outcome: 'approved', winningOptionId: keep });
    expect((await call(t.app, 'POST', `${base}/option/${keep}/vote`, inv(1))).json().error.code).toBe(
      'VOTING_NOT_RUNNING',
    );

    // Minutes and result as PDF, for holders only: guests 401, the unverified and non-holders 403.
    expect((await call(t.app, 'GET', `${base}/result`, null)).statusCode).toBe(401);
    expect((await call(t.app, 'GET', `${base}/result`, unverified)).statusCode).toBe(403);
    const [outsider] = await createBulkInvestors(t.app.db, 1, { cashCents: 1n, label: `forum-out${process.pid}` });
    const refused = await call(t.app, 'GET', `${base}/result`, outsider as BulkInvestor);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('FORUM_NOT_HOLDER');
    // inv(2) sold everything during the vote but voted: it still gets the minutes; inv(11) holds now.
    expect((await call(t.app, 'GET', `${base}/result`, inv(2))).statusCode).toBe(200);
    const pdf = await call(t.app, 'GET', `${base}/result`, inv(11));
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), { mergePages: true });
    const [row] = await t.app.db.select().from(votings).where(eq(votings.id, created.id));
    const [asset] = await queryRows<{ title: string }>(t.app.db, sql`SELECT title FROM assets WHERE id = ${assetId}`);
    expect(text).toContain('Protokoll und Ergebnis der Abstimmung');
    expect(text).toContain(`Objekt: ${asset?.title} · Thema: Instandhaltung`);
    for (const [label, at] of [
      ['Vorgeschlagen', row?.suggestedAt],
      ['Unterstützung erreicht', row?.supportReachedAt],
      ['Abstimmung begonnen', row?.startsAt],
      ['Abstimmung beendet', row?.closedAt],
    ] as const) {
      expect(text).toContain(label);
      expect(text).toContain(viennaDateTime(at?.toISOString() ?? null));
    }
    expect(text).toContain('1. Tausch 2027');
    expect(text).toContain('Alle Wechselrichter im Frühjahr 2027.');
    expect(text).toContain('3. Nichts tun');
    expect(text).toContain('Ergebnis: Angenommen – Tausch 2027');
    expect(text).toContain('240 Anteile');
    expect(text).toContain('70,58 %');
    expect(text).toContain('Abgegeben: 340 Anteile (5 Stimmen)');
    expect(text).toContain('Stimmberechtigt: 950 Anteile von 11 Anleger:innen');

    const events = await phaseEvents(created.id);
    expect(events.map((e) => (e.payload as { phase: string }).phase).sort()).toEqual(['closed', 'running', 'upcoming']);
    const closedEvent = events.find((e) => (e.payload as { phase: string }).phase === 'closed')?.payload as
      | { userIds: string[]; outcome: string }
      | undefined;
    expect(closedEvent?.outcome).toBe('approved');
    expect(closedEvent?.userIds).toHaveLength(11);

    // Each holder finds the result in the inbox (issue 23), once.
    await t.app.outboxRelay.drain();
    await t.app.outboxRelay.drain();
    const inbox = await ok(await call(t.app, 'GET', '/api/v1/notification?page=0&pageSize=20', inv(1)));
    const forumEntries = (inbox.items ?? inbox).filter(
      (item: { type: string; title: string }) => item.type === 'forum',
    );
    expect(forumEntries.map((item: { title: string }) => item.title)).toEqual(
      expect.arrayContaining(['Abstimmung beendet', 'Abstimmung läuft']),
    );
    expect(forumEntries.filter((item: { title: string }) => item.title === 'Abstimmung beendet')).toHaveLength(1);
  });

  it('a thinly held asset: every holder of ~1 000 shares together does not reach 10 % of a 500 000-share threshold', async () => {
    const assetId = await assetWithHolders(
      t.app,
      [0, 1, 2, 3].map((i) => ({ investor: inv(i), shares: 250n })),
      { thresholdShares: 500_000n },
    );
    const created = await ok(await call(t.app, 'POST', `${L}/voting`, inv(0), suggestion(assetId)));
    expect(created.support).toMatchObject({
      votingShares: '500000',
      heldShares: '1000',
      sharesNeeded: '50000',
      investors: 4,
      investorsNeeded: 3,
    });
    for (const i of [1, 2, 3])
      await ok(await call(t.app, 'POST', `${L}/${assetId}/voting/${created.id}/vote`, inv(i), {}));
    const after = await ok(await call(t.app, 'GET', `${L}/${assetId}/votings`, inv(0)));
    expect(after.votings[0]).toMatchObject({
      phase: 'suggestion',
      support: { supportingShares: '1000', investorsSupporting: 4 },
    });
    // The same holdings on an asset financed past its threshold (900 shares held of a 900 threshold) do reach it.
    const financed = await assetWithHolders(
      t.app,
      [0, 1, 2].map((i) => ({ investor: inv(i), shares: 300n })),
      { thresholdShares: 900n },
    );
    const lone = await ok(await call(t.app, 'POST', `${L}/voting`, inv(0), suggestion(financed)));
    expect(lone.phase).toBe('suggestion');
    await ok(await call(t.app, 'POST', `${L}/${financed}/voting/${lone.id}/vote`, inv(1), {}));
    const third = await ok(await call(t.app, 'POST', `${L}/${financed}/voting/${lone.id}/vote`, inv(2), {}));
    expect(third.phase).toBe('upcoming');
  });

  it('a suggestion without support expires after 48 h, and tells its supporters', async () => {
    const assetId = await assetWithHolders(
      t.app,
      [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((i) => ({ investor: inv(i), shares: i === 0 ? 1n : 100n })),
    );
    const created = await ok(await call(t.app, 'POST', `${L}/voting`, inv(0), suggestion(assetId)));
    expect(created.phase).toBe('suggestion');
    expect(await fastForward(created.id)).toBe('expired');
    const late = await call(t.app, 'POST', `${L}/${assetId}/voting/${created.id}/vote`, inv(1), {});
    expect(late.json().error.code).toBe('VOTING_NOT_SUGGESTION');
    const events = await phaseEvents(created.id);
    expect(events.map((e) => e.payload)).toEqual([
      expect.objectContaining({ phase: 'expired', userIds: [inv(0).userId] }),
    ]);
  });
});

describe('concurrency: 200 holders vote at once', () => {
  it('tallies are exact', async () => {
    const many = await createBulkInvestors(t.app.db, 200, { cashCents: 1n, label: `forum-many${process.pid}` });
    // Holder i holds i + 1 shares; the first one holds 10 % of everything (support alone is not enough: 1 of 200 investors).
    const assetId = await assetWithHolders(
      t.app,
      many.map((investor, i) => ({ investor, shares: BigInt(i + 1) })),
    );
    const created = await ok(
      await call(t.app, 'POST', `${L}/voting`, many[199] as BulkInvestor, {
        ...suggestion(assetId),
        options: [{ title: 'A' }, { title: 'B' }],
      }),
    );
    const base = `${L}/${assetId}/voting/${created.id}`;
    // 20 supporters at once (10 % of investors; the top 20 hold far more than 10 % of the shares).
    const supports = await Promise.all(
      many.slice(180, 199).map((investor) => call(t.app, 'POST', `${base}/vote`, investor, {})),
    );
    expect(supports.filter((r) => r.statusCode !== 200).map((r) => r.body)).toEqual([]);
    expect(
      (await ok(await call(t.app, 'GET', `${L}/${assetId}/votings`, many[0] as BulkInvestor))).votings[0].phase,
    ).toBe('upcoming');
    expect(await fastForward(created.id)).toBe('running');
    const [a, b] = created.options.map((o: { id: string }) => o.id);
    // i % 4: 0 → A, 1 → B, 2 → against all, 3 → abstain; everyone also sends the same vote twice.
    const voteOf = (i: number) =>
      i % 4 === 0
        ? ['POST', `${base}/option/${a}/vote`, undefined]
        : i % 4 === 1
          ? ['POST', `${base}/option/${b}/vote`, undefined]
          : ['POST', `${base}/vote`, { choice: i % 4 === 2 ? 'againstAll' : 'abstain' }];
    const responses = await Promise.all(
      [...many.entries(), ...many.entries()].map(([i, investor]) => {
        const [method, url, body] = voteOf(i) as ['POST', string, object | undefined];
        return call(t.app, method, url, investor, body ?? {});
      }),
    );
    expect(responses.filter((r) => r.statusCode !== 200).map((r) => r.body)).toEqual([]);
    const sumOf = (rest: number) =>
      many.reduce((sum, _investor, i) => (i % 4 === rest ? sum + BigInt(i + 1) : sum), 0n).toString();
    const view = (await ok(await call(t.app, 'GET', `${L}/${assetId}/votings`, many[0] as BulkInvestor))).votings[0];
    expect(view.options.map((o: { weight: string }) => o.weight)).toEqual([sumOf(0), sumOf(1)]);
    expect(view.tally).toMatchObject({ againstAll: sumOf(2), abstain: sumOf(3), voters: 200 });
    const [row] = await queryRows<{ n: number }>(
      t.app.db,
      sql`SELECT count(*)::int AS n FROM voting_votes WHERE voting_id = ${created.id}`,
    );
    expect(row?.n).toBe(200);
    expect(await fastForward(created.id)).toBe('closed');
    const closed = (await ok(await call(t.app, 'GET', `${L}/${assetId}/votings`, many[0] as BulkInvestor))).votings[0];
    // A holds 5,050 of 20,100 total; cast = A + B + against = 15,050 → no majority: rejected.
    expect(closed).toMatchObject({ phase: 'closed', outcome: 'rejected' });
    // 200 users, 420 requests: on a busy machine (shared cores, PGlite in one thread) this takes long.
  }, 240_000);
});

import { MAX_ATTACHMENT_BYTES } from '@bw/contracts';
import { uploadedFiles } from '@bw/db';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BulkInvestor, createBulkInvestors } from '../../test/bulk-investors.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createLoggedInUser, type LoggedIn, latestEmail } from '../auth/auth.test-support.js';
import { createStaffSession } from '../backoffice/backoffice.test-support.js';
import { assetWithHolders, call, L } from '../forum/forum.test-support.js';
import { GIF, JPEG, multipart, PDF, PNG } from '../identification/identification.test-support.js';
import { pruneUnattachedFiles } from './operations/prune-unattached-files.js';

/**
 * Issues 23 and 24: `POST /api/v1/data/file` (type from the bytes, size limit on the stream,
 * idempotent per key), downloads by owner and forum readers, attachments of support requests,
 * forum messages and voting options, and the back office's download.
 */
let t: TestApp;
let investors: BulkInvestor[];

const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x24, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(64, 1),
]);

const upload = (who: { headers: Record<string, string> } | null, bytes: Buffer, options = {}, extra = {}) => {
  const body = multipart(bytes, options);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/data/file',
    headers: { ...(who?.headers ?? {}), ...body.headers, ...extra },
    payload: body.payload,
  });
};
const uploaded = async (who: { headers: Record<string, string> }, bytes: Buffer, options = {}) => {
  const res = await upload(who, bytes, options);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; fileName: string; contentType: string; sizeBytes: number };
};
const download = (who: { headers: Record<string, string> } | null, id: string) =>
  t.app.inject({ url: `/api/v1/data/file/${id}`, headers: who?.headers ?? {} });
const filesOf = (userId: string) => t.app.db.select().from(uploadedFiles).where(eq(uploadedFiles.ownerId, userId));

beforeAll(async () => {
  t = await createTestApp();
  investors = await createBulkInvestors(t.app.db, 3, { cashCents: 1n, label: `files${process.pid}` });
});
afterAll(async () => t.close());

const inv = (i: number) => investors[i] as BulkInvestor;

describe('POST /api/v1/data/file', () => {
  it('answers 401 to a guest before looking at the body', async () => {
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/v1/data/file',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: 'not multipart at all',
    });
    expect(broken.statusCode).toBe(401);
    expect(broken.json().error.code).toBe('UNAUTHENTICATED');
    expect((await download(null, 'not-a-uuid')).statusCode).toBe(401);
  });

  it('stores PDF, JPEG, PNG and WebP by their bytes and gives the owner the same bytes back', async () => {
    const user = await createLoggedInUser(t.app);
    for (const [bytes, type] of [
      [PDF, 'application/pdf'],
      [JPEG, 'image/jpeg'],
      [PNG, 'image/png'],
      [WEBP, 'image/webp'],
    ] as const) {
      // The client's claim (name, Content-Type) does not decide the type.
      const file = await uploaded(user, bytes, { filename: '../../etc/Beleg März.bin', contentType: 'text/plain' });
      expect(file).toMatchObject({ contentType: type, sizeBytes: bytes.length, fileName: 'Beleg März.bin' });
      const back = await download(user, file.id);
      expect(back.statusCode).toBe(200);
      expect(back.headers['content-type']).toContain(type);
      expect(back.headers['content-disposition']).toBe("attachment; filename*=UTF-8''Beleg%20M%C3%A4rz.bin");
      expect(back.rawPayload.equals(bytes)).toBe(true);
    }
  });

  it('refuses a wrong type by its bytes, an empty or missing file and broken bodies, storing nothing', async () => {
    const user = await createLoggedInUser(t.app);
    const gif = await upload(user, GIF, { filename: 'foto.png', contentType: 'image/png' });
    expect(gif.statusCode).toBe(415);
    expect(gif.json().error).toMatchObject({
      code: 'FILE_TYPE_REFUSED',
      message: 'Bitte lade ein PDF oder ein Bild (JPEG, PNG oder WebP) hoch.',
    });
    const html = await upload(user, Buffer.from('<html><script>alert(1)</script></html>'), {
      contentType: 'application/pdf',
    });
    expect(html.statusCode).toBe(415);
    const empty = await upload(user, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('Bitte wähle eine Datei aus.');
    const otherField = await upload(user, PDF, { field: 'document' });
    expect(otherField.statusCode).toBe(400);
    expect(otherField.json().error.code).toBe('FILE_MISSING');
    const json = await t.app.inject({ method: 'POST', url: '/api/v1/data/file', headers: user.headers, payload: {} });
    expect(json.statusCode).toBe(415);
    for (const contentType of ['multipart/form-data', 'multipart/form-data; boundary=', 'text/plain']) {
      const odd = await t.app.inject({
        method: 'POST',
        url: '/api/v1/data/file',
        headers: { ...user.headers, 'content-type': contentType },
        payload: 'hallo',
      });
      expect(odd.statusCode, contentType).toBeGreaterThanOrEqual(400);
      expect(odd.statusCode, contentType).toBeLessThan(500);
    }
    const cut = multipart(PDF);
    const cutOff = await t.app.inject({
      method: 'POST',
      url: '/api/v1/data/file',
      headers: { ...user.headers, ...cut.headers },
      payload: cut.payload.subarray(0, 60),
    });
    expect(cutOff.statusCode).toBeLessThan(500);
    expect(cutOff.statusCode).toBeGreaterThanOrEqual(400);
    expect(await filesOf(user.userId)).toEqual([]);
  });

  it('refuses a file over 10 MB with 413 and a German message, before anything is stored', async () => {
    const user = await createLoggedInUser(t.app);
    const big = Buffer.concat([PDF, Buffer.alloc(MAX_ATTACHMENT_BYTES, 0x20)]);
    const res = await upload(user, big, { contentType: 'application/pdf' });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({
      code: 'FILE_TOO_LARGE',
      message: 'Die Datei ist zu groß. Erlaubt sind höchstens 10 MB.',
    });
    expect(await filesOf(user.userId)).toEqual([]);
    // Exactly at the limit is fine.
    const atLimit = Buffer.concat([PDF, Buffer.alloc(MAX_ATTACHMENT_BYTES - PDF.length, 0x20)]);
    expect((await uploaded(user, atLimit)).sizeBytes).toBe(MAX_ATTACHMENT_BYTES);
  });

  it('answers a retry with the same Idempotency-Key with the first file; other bytes under it are refused', async () => {
    const user = await createLoggedInUser(t.app);
    const key = { 'idempotency-key': `upload-${Date.now()}` };
    const first = await upload(user, PDF, {}, key);
    const again = await upload(user, PDF, {}, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(again.json().data.id).toBe(first.json().data.id);
    const other = await upload(user, PNG, {}, key);
    expect(other.statusCode).toBe(422);
    expect(await filesOf(user.userId)).toHaveLength(1);
    expect((await upload(user, PDF)).json().data.id).not.toBe(first.json().data.id);
  });

  it('does not show a file to anyone else while it is not attached to a forum', async () => {
    const owner = await createLoggedInUser(t.app);
    const other = await createLoggedInUser(t.app);
    const file = await uploaded(owner, PDF);
    const foreign = await download(other, file.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe('Diese Datei gibt es nicht.');
    expect((await download(other, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await download(other, 'kein-uuid')).statusCode).toBe(400);
  });
});

describe('write us with attachments', () => {
  it('attaches own files, refuses foreign and reused ones, and the back office shows and downloads them', async () => {
    const user = await createLoggedInUser(t.app);
    const stranger: LoggedIn = await createLoggedInUser(t.app);
    const pdf = await uploaded(user, PDF, { filename: 'kontoauszug.pdf' });
    const photo = await uploaded(user, PNG, { filename: 'screenshot.png' });
    const foreign = await uploaded(stranger, JPEG);
    const send = (who: LoggedIn, attachments: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/support/request',
        headers: who.headers,
        payload: { subject: 'Auszahlung fehlt', message: 'Siehe Anhang.', attachments },
      });

    const refused = await send(user, [pdf.id, foreign.id]);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error).toMatchObject({ code: 'FILE_NOT_FOUND', message: 'Diese Datei gibt es nicht.' });
    const tooMany = await send(
      user,
      Array.from({ length: 6 }, () => pdf.id),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.fields['body.attachments']).toBe('Du kannst höchstens 5 Dateien anhängen.');
    expect((await send(user, ['nope'])).statusCode).toBe(400);

    const created = await send(user, [pdf.id, photo.id]);
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as string;
    const reused = await send(user, [pdf.id]);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error.code).toBe('FILE_ALREADY_ATTACHED');
    expect((await latestEmail(t.app, user.email)).bodyText).toContain('Anhänge:\n- kontoauszug.pdf\n- screenshot.png');

    const support = await createStaffSession(t.app, 'support');
    const queue = await call(t.app, 'GET', '/admin/api/v1/support/requests', support);
    const item = queue.json().data.items.find((entry: { id: string }) => entry.id === id);
    expect(item.attachments).toEqual([
      { id: pdf.id, fileName: 'kontoauszug.pdf', contentType: 'application/pdf', sizeBytes: PDF.length },
      { id: photo.id, fileName: 'screenshot.png', contentType: 'image/png', sizeBytes: PNG.length },
    ]);
    const staffDownload = await call(t.app, 'GET', `/admin/api/v1/files/${pdf.id}`, support);
    expect(staffDownload.statusCode).toBe(200);
    expect(staffDownload.rawPayload.equals(PDF)).toBe(true);
    // A file nobody attached is no business of the back office; investors' sessions do not reach it.
    const loose = await uploaded(user, JPEG);
    expect((await call(t.app, 'GET', `/admin/api/v1/files/${loose.id}`, support)).statusCode).toBe(404);
    expect([401, 403]).toContain((await call(t.app, 'GET', `/admin/api/v1/files/${pdf.id}`, user)).statusCode);
    // The support request's files stay private to their owner.
    expect((await download(stranger, pdf.id)).statusCode).toBe(404);
    expect((await download(user, pdf.id)).statusCode).toBe(200);
  });
});

describe('forum messages and voting options with attachments', () => {
  it('holders attach files; verified readers download them; the unverified and hidden messages do not', async () => {
    const assetId = await assetWithHolders(t.app, [
      { investor: inv(0), shares: 10n },
      { investor: inv(1), shares: 5n },
    ]);
    const plan = await uploaded(inv(0), PDF, { filename: 'angebot.pdf' });
    const foreign = await uploaded(inv(1), PNG);
    const refused = await call(t.app, 'POST', `${L}/message`, inv(0), {
      assetId,
      text: 'Angebot im Anhang',
      attachments: [foreign.id],
    });
    expect(refused.statusCode).toBe(404);
    const message = await call(t.app, 'POST', `${L}/message`, inv(0), {
      assetId,
      text: 'Angebot im Anhang',
      attachments: [plan.id],
    });
    expect(message.statusCode, message.body).toBe(200);
    expect(message.json().data.attachments).toEqual([
      { id: plan.id, fileName: 'angebot.pdf', contentType: 'application/pdf', sizeBytes: PDF.length },
    ]);
    const list = await call(t.app, 'GET', `${L}/messages/${assetId}`, inv(2));
    expect(list.json().data.messages[0].attachments[0].id).toBe(plan.id);

    // A verified investor who reads the forum downloads it; an unverified user and a guest do not.
    const read = await download(inv(2), plan.id);
    expect(read.statusCode).toBe(200);
    expect(read.rawPayload.equals(PDF)).toBe(true);
    const unverified = await createLoggedInUser(t.app);
    expect((await download(unverified, plan.id)).json().error.code).toBe('FORUM_NOT_VERIFIED');
    expect((await download(null, plan.id)).statusCode).toBe(401);

    const support = await createStaffSession(t.app, 'support');
    await call(t.app, 'POST', `/admin/api/v1/forum/messages/${message.json().data.id}/hide`, support, {
      reason: 'Werbung',
    });
    expect((await call(t.app, 'GET', `${L}/messages/${assetId}`, inv(2))).json().data.messages[0].attachments).toEqual(
      [],
    );
    expect((await download(inv(2), plan.id)).statusCode).toBe(404);
    expect((await download(inv(0), plan.id)).statusCode).toBe(200);
  });

  it('options of a new voting and an added option carry attachments', async () => {
    const assetId = await assetWithHolders(t.app, [
      { investor: inv(0), shares: 10n },
      { investor: inv(1), shares: 1_000n },
    ]);
    const offerA = await uploaded(inv(0), PDF, { filename: 'angebot-a.pdf' });
    const offerB = await uploaded(inv(1), JPEG, { filename: 'angebot-b.jpg' });
    const voting = await call(t.app, 'POST', `${L}/voting`, inv(0), {
      assetId,
      title: 'Welcher Installateur?',
      description: 'Zwei Angebote liegen vor.',
      theme: 'Instandhaltung',
      options: [
        { title: 'Firma A', description: '', attachments: [offerA.id] },
        { title: 'Firma B', description: '' },
      ],
    });
    expect(voting.statusCode, voting.body).toBe(200);
    const created = voting.json().data;
    expect(created.options.map((o: { attachments: unknown[] }) => o.attachments.length)).toEqual([1, 0]);
    expect(created.options[0].attachments[0]).toMatchObject({ id: offerA.id, fileName: 'angebot-a.pdf' });

    const foreign = await call(t.app, 'POST', `${L}/${assetId}/voting/${created.id}/option`, inv(1), {
      title: 'Firma C',
      attachments: [offerA.id],
    });
    expect(foreign.statusCode).toBe(404);
    const added = await call(t.app, 'POST', `${L}/${assetId}/voting/${created.id}/option`, inv(1), {
      title: 'Firma B2',
      attachments: [offerB.id],
    });
    expect(added.statusCode, added.body).toBe(200);
    const option = added.json().data.options.find((o: { title: string }) => o.title === 'Firma B2');
    expect(option.attachments).toEqual([
      { id: offerB.id, fileName: 'angebot-b.jpg', contentType: 'image/jpeg', sizeBytes: JPEG.length },
    ]);
    expect((await download(inv(2), offerB.id)).statusCode).toBe(200);
    // The failed option attached nothing.
    expect((await download(inv(2), offerA.id)).statusCode).toBe(200);
    const [row] = await t.app.db.select().from(uploadedFiles).where(eq(uploadedFiles.id, offerA.id));
    expect(row?.attachedKind).toBe('votingOption');
  });
});

describe('uploads nothing attached (ADR 0032)', () => {
  it('are removed with their bytes and their idempotency key once a day old; attached and recent ones stay', async () => {
    const user = await createLoggedInUser(t.app);
    const key = { 'idempotency-key': `abandoned-${Date.now()}` };
    const abandoned = (await upload(user, PDF, { filename: 'alt.pdf' }, key)).json().data as { id: string };
    const attached = await uploaded(user, PNG, { filename: 'beleg.png' });
    const recent = await uploaded(user, JPEG, { filename: 'neu.jpg' });
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/v1/support/request',
      headers: user.headers,
      payload: { subject: 'Beleg', message: 'Siehe Anhang.', attachments: [attached.id] },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    // Two days pass for the first two uploads (the test moves their upload time back).
    await t.app.db
      .update(uploadedFiles)
      .set({ createdAt: new Date(Date.now() - 48 * 3_600_000) })
      .where(inArray(uploadedFiles.id, [abandoned.id, attached.id]));
    const [stored] = await t.app.db.select().from(uploadedFiles).where(eq(uploadedFiles.id, abandoned.id));
    const storage = t.app.providers.documents;
    expect((await storage.read(stored?.storageKey ?? '')).length).toBe(PDF.length);

    const log = { warn: () => undefined };
    const removed = await pruneUnattachedFiles({ db: t.app.db, storage }, { olderThanHours: 24, log });
    expect(removed).toBeGreaterThanOrEqual(1);
    expect((await filesOf(user.userId)).map((row) => row.id).sort()).toEqual([attached.id, recent.id].sort());
    await expect(storage.read(stored?.storageKey ?? '')).rejects.toThrow();
    expect((await download(user, abandoned.id)).statusCode).toBe(404);
    expect((await download(user, attached.id)).statusCode).toBe(200);
    // The upload's key no longer answers with the removed file: a retry stores the file anew.
    const retried = await upload(user, PDF, { filename: 'alt.pdf' }, key);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().data.id).not.toBe(abandoned.id);
    // A second run finds nothing of this user's.
    await pruneUnattachedFiles({ db: t.app.db, storage }, { olderThanHours: 24, log });
    expect(await filesOf(user.userId)).toHaveLength(3);
  });
});

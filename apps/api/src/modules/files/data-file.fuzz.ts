import { ATTACHMENT_CONTENT_TYPES } from '@bw/contracts';
import { uploadedFiles } from '@bw/db';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BulkInvestor, createBulkInvestors } from '../../test/bulk-investors.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * `npm run test:fuzz`: multipart bodies against `POST /api/v1/data/file` (issue 23). The general
 * OpenAPI fuzz sends no real multipart; this one does: random boundaries (declared and used ones
 * differ now and then), several parts, odd field names and file names (quotes, CR/LF, paths,
 * emoji), declared types that lie, bytes that start with a real magic number or not, bodies cut
 * off anywhere, idempotency keys that repeat. Nothing may answer 5xx, and whatever is stored has
 * a type read from its bytes. FILES_FUZZ_RUNS requests (default 300), seed FUZZ_SEED.
 */
const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20_261_126);
const RUNS = Number(process.env.FILES_FUZZ_RUNS ?? 300);

const MAGIC = [
  Buffer.from('%PDF-1.7\n'),
  Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.concat([Buffer.from('RIFF'), Buffer.from([1, 0, 0, 0]), Buffer.from('WEBP')]),
  Buffer.from('GIF89a'),
  Buffer.from('<svg xmlns="http://www.w3.org/2000/svg">'),
  Buffer.from('PK\u0003\u0004'),
  Buffer.alloc(0),
];

/** Mostly `likely`, now and then `odd`: most requests get far enough for the handler to run. */
const mostly = <T>(likely: fc.Arbitrary<T>, odd: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: likely, weight: 5 }, { arbitrary: odd, weight: 1 });

const token = fc.stringMatching(/^[A-Za-z0-9'()+_,\-./:=?]{1,70}$/);
const oddText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    'file',
    'File',
    'file\r\nX: y',
    'a"b',
    '../../etc/passwd',
    'C:\\x\\y.pdf',
    '😀.pdf',
    '',
    '%00',
    'x'.repeat(400),
  ),
);

const part = fc.record({
  field: mostly(fc.constant('file'), oddText),
  fileName: mostly(fc.constantFrom('beleg.pdf', 'foto.jpg'), fc.option(oddText, { nil: undefined })),
  contentType: fc.option(fc.constantFrom(...ATTACHMENT_CONTENT_TYPES, 'text/html', 'image/gif', '', 'x/y; a=b'), {
    nil: undefined,
  }),
  magic: mostly(fc.constantFrom(...MAGIC.slice(0, 4)), fc.constantFrom(...MAGIC)),
  rest: fc.uint8Array({ maxLength: 300 }),
});

const request = fc.record({
  boundary: mostly(fc.stringMatching(/^[A-Za-z0-9-]{1,40}$/), token),
  declaredBoundary: mostly(fc.constant(undefined), token),
  parts: mostly(fc.array(part, { minLength: 1, maxLength: 1 }), fc.array(part, { minLength: 0, maxLength: 3 })),
  cutAt: mostly(fc.constant(undefined), fc.nat()),
  closing: mostly(fc.constant(true), fc.boolean()),
  mediaType: mostly(
    fc.constant('multipart/form-data'),
    fc.constantFrom('multipart/mixed', 'application/octet-stream', 'multipart/form-data; charset=utf-8'),
  ),
  idempotencyKey: fc.option(fc.constantFrom('fuzz-key-0001', 'fuzz-key-0002', 'short', 'x'.repeat(200)), {
    nil: undefined,
  }),
  asOwner: fc.boolean(),
});

type Sample = typeof request extends fc.Arbitrary<infer T> ? T : never;

const bodyOf = (sample: Sample): Buffer => {
  const chunks: Buffer[] = [];
  for (const p of sample.parts) {
    const name = p.fileName === undefined ? '' : `; filename="${p.fileName}"`;
    const type = p.contentType === undefined ? '' : `\r\nContent-Type: ${p.contentType}`;
    chunks.push(
      Buffer.from(`--${sample.boundary}\r\nContent-Disposition: form-data; name="${p.field}"${name}${type}\r\n\r\n`),
    );
    chunks.push(p.magic, Buffer.from(p.rest), Buffer.from('\r\n'));
  }
  if (sample.closing) chunks.push(Buffer.from(`--${sample.boundary}--\r\n`));
  const body = Buffer.concat(chunks);
  return sample.cutAt === undefined ? body : body.subarray(0, sample.cutAt % (body.length + 1));
};

let t: TestApp;
let users: BulkInvestor[];

beforeAll(async () => {
  t = await createTestApp();
  users = await createBulkInvestors(t.app.db, 2, { cashCents: 1n, label: 'filesfuzz' });
}, 300_000);
afterAll(() => t?.close());

describe('fuzzing POST /api/v1/data/file with multipart bodies', () => {
  it('never answers 5xx and stores only files whose bytes are an allowed type', async () => {
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (const sample of fc.sample(request, { seed: FUZZ_SEED, numRuns: RUNS })) {
      const user = (sample.asOwner ? users[0] : users[1]) as BulkInvestor;
      const boundary = sample.declaredBoundary ?? sample.boundary;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/data/file',
        headers: {
          ...user.headers,
          'content-type': `${sample.mediaType}; boundary=${boundary}`,
          ...(sample.idempotencyKey ? { 'idempotency-key': sample.idempotencyKey } : {}),
        },
        payload: bodyOf(sample),
      });
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode >= 500)
        failures.push(`${res.statusCode} ${res.body.slice(0, 200)} | ${JSON.stringify(sample).slice(0, 300)}`);
    }
    const stored = await t.app.db.select().from(uploadedFiles);
    const allowed: readonly string[] = ATTACHMENT_CONTENT_TYPES;
    process.stdout.write(
      `\nfiles fuzz: ${RUNS} uploads, statuses ${[...statuses].map(([s, n]) => `${s}: ${n}`).join(', ')}; ${stored.length} stored\n` +
        failures.map((failure) => `files fuzz 5xx: ${failure}\n`).join(''),
    );
    expect(failures).toEqual([]);
    expect(stored.every((file) => allowed.includes(file.contentType) && !/[\\/\r\n"]/.test(file.fileName))).toBe(true);
    expect(statuses.get(200) ?? 0).toBeGreaterThan(0);
  }, 900_000);
});

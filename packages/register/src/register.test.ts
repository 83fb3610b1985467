import { createPrivateKey, sign as nodeSign } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toBase64Url } from './bytes.js';
import {
  fillRegisterEntryTemplate,
  GENESIS_PREV,
  holderAssetKey,
  holderPseudonym,
  nextRegisterEntry,
  REGISTER_ISSUER,
  type RegisterEntry,
  registerEntryHashHex,
  registerEntryProblem,
  registerEntryTemplate,
} from './entry.js';
import { canonicalJson } from './hash.js';
import { verifyRegisterLog } from './log.js';
import { describeFailure, failureCodes } from './messages.js';
import type { RegisterProofFile } from './proof.js';
import { verifyRegisterProof } from './proof.js';
import {
  buildHistory,
  clone,
  investor,
  logFor,
  type Move,
  PLATFORM_KEY_ID,
  PLATFORM_PUBLIC_KEY,
  PLATFORM_SEED,
  proofFor,
  type TestHistory,
} from './register.test-support.js';
import { ed25519KeyId, signEd25519 } from './signatures.js';
import { signTreeHead, verifyTreeHeadSignature } from './tree-head.js';
import { verifyRegisterFile } from './verify.js';

const moveArb: fc.Arbitrary<Move> = fc.oneof(
  fc.record({ kind: fc.constant('purchase' as const), to: fc.nat(5), shares: fc.integer({ min: 1, max: 50 }) }),
  fc.record({
    kind: fc.constant('trade' as const),
    from: fc.nat(5),
    to: fc.nat(5),
    shares: fc.integer({ min: 1, max: 50 }),
  }),
  fc.record({ kind: fc.constant('cancellation' as const), from: fc.nat(5), shares: fc.integer({ min: 1, max: 50 }) }),
);
const historyArb = fc
  .record({
    investors: fc.integer({ min: 2, max: 6 }),
    moves: fc.array(moveArb, { minLength: 3, maxLength: 40 }),
    rootsAt: fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 5 }),
  })
  .map(({ investors, moves, rootsAt }) => buildHistory(investors, moves, [...rootsAt, moves.length]));

/** The investors whose proof holds at least `min` entries. */
const holdersWith = (history: TestHistory, min: number) =>
  history.investors.flatMap((who) => {
    const proof = proofFor(history, who);
    return proof.entries.length >= min ? [{ who, proof }] : [];
  });

const codes = (report: { failures: { code: string }[] }) => report.failures.map((failure) => failure.code);

const sample = (): TestHistory =>
  buildHistory(
    3,
    [
      { kind: 'purchase', to: 0, shares: 10 },
      { kind: 'purchase', to: 1, shares: 4 },
      { kind: 'trade', from: 0, to: 1, shares: 3 },
      { kind: 'purchase', to: 2, shares: 7 },
      { kind: 'cancellation', from: 1, shares: 2 },
      { kind: 'purchase', to: 0, shares: 5 },
      { kind: 'trade', from: 1, to: 0, shares: 1 },
    ],
    [2, 5, 7],
  );

describe('register entries', () => {
  it('chain by hash, name the holders’ previous entries, and refuse malformed fields', () => {
    const { log } = sample();
    const [first, second, third] = log.entries as [RegisterEntry, RegisterEntry, RegisterEntry];
    expect(first.prev).toBe(GENESIS_PREV);
    expect(second.prev).toBe(registerEntryHashHex(first));
    expect(third.fromPrevious).toBe(0);
    expect(third.toPrevious).toBe(1);
    expect(registerEntryProblem(third)).toBeNull();
    const broken: [string, unknown][] = [
      ['shares', '0'],
      ['shares', '1.5'],
      ['shares', 3],
      ['seq', -1],
      ['time', '2026-05-04 10:00'],
      ['kind', 'gift'],
      ['from', 'Max Mustermann'],
      ['to', 'AT611904300234573201'],
      ['prev', GENESIS_PREV],
      ['fromPrevious', 5],
      ['authorisations', []],
      ['iban', 'AT611904300234573201'],
      ['nonce', 'short'],
    ];
    for (const [field, value] of broken)
      expect(registerEntryProblem({ ...third, [field]: value }), field).not.toBeNull();
    expect(registerEntryProblem({ ...first, kind: 'trade' })).not.toBeNull();
  });

  it('serialise canonically: key order does not matter, floats and undefined are refused', () => {
    expect(canonicalJson({ b: '1', a: [2, { d: null, c: 'x' }] })).toBe('{"a":[2,{"c":"x","d":null}],"b":"1"}');
    expect(() => canonicalJson(1.5)).toThrow();
    expect(() => canonicalJson(-1)).toThrow();
    expect(() => canonicalJson({ a: undefined } as never)).toThrow();
  });

  it('give each holder one pseudonym per asset that only the asset key links to the user id', () => {
    const secret = new Uint8Array(32).fill(7);
    const keyA = holderAssetKey(secret, 'asset-a');
    const keyB = holderAssetKey(secret, 'asset-b');
    expect(holderPseudonym(keyA, 'user-1')).toMatch(/^[0-9a-f]{64}$/);
    expect(holderPseudonym(keyA, 'user-1')).toBe(holderPseudonym(holderAssetKey(secret, 'asset-a'), 'user-1'));
    expect(holderPseudonym(keyA, 'user-1')).not.toBe(holderPseudonym(keyB, 'user-1'));
    expect(holderPseudonym(keyA, 'user-1')).not.toBe(holderPseudonym(keyA, 'user-2'));
  });

  it('cut into a template and filled in at any place of the log, are exactly their canonical JSON', () => {
    const base = sample().log.entries[2] as RegisterEntry;
    const hex = fc.stringMatching(/^[0-9a-f]{64}$/);
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 200, unit: 'grapheme' }),
        fc.nat({ max: 2 ** 31 - 2 }),
        hex,
        fc.option(fc.nat(), { nil: null }),
        fc.option(fc.nat(), { nil: null }),
        (assetId, headSeq, headHash, fromBack, toBack) => {
          const seq = headSeq + 1;
          const fields = { ...base, assetId };
          const entry = nextRegisterEntry(
            { assetId, seq: headSeq, hash: headHash },
            {
              ...fields,
              fromPrevious: fromBack === null ? null : fromBack % seq,
              toPrevious: toBack === null ? null : toBack % seq,
            },
          );
          const text = fillRegisterEntryTemplate(registerEntryTemplate(fields), entry);
          expect(text).toBe(canonicalJson(entry));
          expect(JSON.parse(text)).toEqual(entry);
        },
      ),
    );
    const first = sample().log.entries[0] as RegisterEntry;
    expect(fillRegisterEntryTemplate(registerEntryTemplate(first), first)).toBe(canonicalJson(first));
    expect(() => registerEntryTemplate({ ...base, shares: '0' })).toThrow();
  });

  it('hold no money figure, name or user id in a log file', () => {
    const history = sample();
    const text = JSON.stringify(logFor(history));
    for (const who of history.investors) expect(text).not.toContain(who.userId);
    expect(text).not.toMatch(/Cents|amount|price|iban|name/i);
  });
});

describe('signed tree heads', () => {
  it('signed with node:crypto verify with the pure-JavaScript verifier', () => {
    const { log } = sample();
    const privateKey = createPrivateKey({
      key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), Buffer.from(PLATFORM_SEED)]),
      format: 'der',
      type: 'pkcs8',
    });
    const head = signTreeHead(log.treeHead('2026-05-05T00:00:00.000Z', PLATFORM_KEY_ID), (message) =>
      nodeSign(null, message, privateKey),
    );
    const same = signTreeHead(log.treeHead('2026-05-05T00:00:00.000Z', PLATFORM_KEY_ID), (message) =>
      signEd25519(PLATFORM_SEED, message),
    );
    expect(head.signature).toBe(same.signature);
    expect(verifyTreeHeadSignature(head, PLATFORM_PUBLIC_KEY)).toBe(true);
    expect(verifyTreeHeadSignature({ ...head, treeSize: head.treeSize - 1 }, PLATFORM_PUBLIC_KEY)).toBe(false);
  });
});

describe('proof files', () => {
  it('verify for every holder, add up to the holder’s shares and name only what the holder may see', () => {
    const history = sample();
    for (const who of history.investors) {
      const proof = proofFor(history, who);
      const report = verifyRegisterProof(clone(proof));
      expect(report.failures).toEqual([]);
      expect(report.ok).toBe(true);
      expect(report.summary?.shares).toBe(history.log.holding(who.pseudonym).toString());
      expect(report.passed.map((pass) => pass.code)).toEqual(
        expect.arrayContaining([
          'ROOTS_SIGNED',
          'ROOTS_CONSISTENT',
          'PSEUDONYM_OK',
          'ENTRIES_INCLUDED',
          'CHAIN_LINKED',
          'OWN_SIGNATURES',
        ]),
      );
      // Other investors appear only as pseudonyms; their user ids and signed requests stay out.
      const text = JSON.stringify(proof);
      for (const other of history.investors.filter((o) => o !== who)) expect(text).not.toContain(other.userId);
    }
  });

  it('are refused with a reason for a forged root signature, a rewritten history, another platform key, a bad pseudonym or a changed request', () => {
    const history = sample();
    const who = history.investors[1] as (typeof history.investors)[number];
    const proof = proofFor(history, who);
    const check = (mutate: (file: RegisterProofFile) => void, options = {}) => {
      const copy = clone(proof);
      mutate(copy);
      return codes(verifyRegisterProof(copy, options));
    };
    expect(
      check((f) => {
        (f.roots[0] as { timestamp: string }).timestamp = '2026-05-04T23:00:00.000Z';
      }),
    ).toContain('ROOT_SIGNATURE_INVALID');
    expect(
      check((f) => {
        (f.consistency[0] as { proof: string[] }).proof[0] = '00'.repeat(32);
      }),
    ).toContain('CONSISTENCY_INVALID');
    expect(
      check((f) => {
        f.consistency.pop();
      }),
    ).toContain('CONSISTENCY_MISSING');
    expect(check(() => {}, { platformPublicKey: toBase64Url(investor(9).publicKey) })).toEqual([
      'PLATFORM_KEY_DIFFERS',
    ]);
    expect(
      check((f) => {
        f.holder.userId = investor(0).userId;
      }),
    ).toContain('PSEUDONYM_MISMATCH');
    expect(
      check((f) => {
        f.holder.assetKey = toBase64Url(new Uint8Array(32));
      }),
    ).toContain('PSEUDONYM_MISMATCH');
    // The request the holder signed, with another amount: its hash no longer matches the entry.
    expect(
      check((f) => {
        const item = f.entries[0] as RegisterProofFile['entries'][number];
        item.signedPayloads = item.signedPayloads.map((p) => p.replace(/"amountCents":"\d+"/, '"amountCents":"1"'));
      }),
    ).toContain('PAYLOAD_MISSING');
    expect(
      check((f) => {
        const authorisation = (f.entries[0] as RegisterProofFile['entries'][number]).entry.authorisations[0] as {
          signature: string;
        };
        authorisation.signature = toBase64Url(new Uint8Array(64).fill(1));
      }),
    ).toEqual(expect.arrayContaining(['INCLUSION_INVALID', 'INVESTOR_SIGNATURE_INVALID']));
    expect(verifyRegisterFile('{not json').failures.map((f) => f.code)).toEqual(['FILE_UNREADABLE']);
    expect(verifyRegisterFile('{"format":"x"}').failures.map((f) => f.code)).toEqual(['FILE_FORMAT']);
  });

  it('agree with a root given from the public page, and name a conflicting, unknown or newer one', () => {
    const history = sample();
    const who = history.investors[0] as (typeof history.investors)[number];
    const proof = proofFor(history, who);
    const roots = history.roots;
    expect(codes(verifyRegisterProof(proof, { root: roots[1] }))).toEqual([]);
    expect(verifyRegisterProof(proof, { root: roots[1] }).passed.map((p) => p.code)).toContain('EXTERNAL_ROOT_MATCHES');
    const forked = buildHistory(
      3,
      [{ kind: 'purchase', to: 2, shares: 1 }, ...Array(6).fill({ kind: 'purchase', to: 0, shares: 1 })],
      [2, 5, 7],
    );
    expect(codes(verifyRegisterProof(proof, { root: forked.roots[2] }))).toEqual(['EXTERNAL_ROOT_CONFLICT']);
    const sign = (size: number) =>
      signTreeHead(history.log.treeHead('2026-06-01T00:00:00.000Z', PLATFORM_KEY_ID, size), (m) =>
        signEd25519(PLATFORM_SEED, m),
      );
    expect(codes(verifyRegisterProof(proof, { root: sign(3) }))).toEqual(['EXTERNAL_ROOT_UNKNOWN']);
    const longer = buildHistory(3, [...Array(9).fill({ kind: 'purchase', to: 0, shares: 1 })], [9]);
    expect(codes(verifyRegisterProof(proof, { root: longer.roots[0] }))).toEqual(['EXTERNAL_ROOT_NEWER']);
    expect(
      codes(
        verifyRegisterProof(proof, { root: { ...roots[1], signature: (roots[0] as { signature: string }).signature } }),
      ),
    ).toEqual(['EXTERNAL_ROOT_SIGNATURE_INVALID']);
    expect(codes(verifyRegisterProof(proof, { root: 'nonsense' }))).toEqual(['EXTERNAL_ROOT_MALFORMED']);
  });

  it('explain every failure in German and in English', () => {
    for (const code of failureCodes) {
      const params = {
        seq: 3,
        treeSize: 7,
        fromSize: 2,
        toSize: 7,
        latestSize: 5,
        position: 1,
        detail: 'x',
        entries: 2,
      };
      expect(describeFailure({ code, params }, 'de')).toMatch(/\S/);
      expect(describeFailure({ code, params }, 'en')).toMatch(/\S/);
      expect(describeFailure({ code, params }, 'de')).not.toContain('undefined');
    }
    expect(describeFailure({ code: 'INCLUSION_INVALID', params: { seq: 3, treeSize: 7 } }, 'de')).toContain(
      'Der Nachweis passt nicht zur veröffentlichten Wurzel',
    );
  });
});

describe('register verification, property tests', () => {
  it('a valid history always verifies: the whole log, and every holder’s proof, which adds up to their holding', () => {
    fc.assert(
      fc.property(historyArb, (history) => {
        const log = verifyRegisterLog(clone(logFor(history)));
        expect(log.failures).toEqual([]);
        for (const who of history.investors) {
          const proof = proofFor(history, who);
          const report = verifyRegisterProof(clone(proof));
          expect(report.failures).toEqual([]);
          expect(report.summary?.shares).toBe(history.log.holding(who.pseudonym).toString());
          expect(log.summary?.holdings[who.pseudonym] ?? '0').toBe(history.log.holding(who.pseudonym).toString());
        }
      }),
      { numRuns: 25 },
    );
  }, 120_000);

  const entryField = fc.constantFrom(
    'shares',
    'time',
    'to',
    'from',
    'kind',
    'seq',
    'prev',
    'authorisations',
    'nonce',
    'toPrevious',
  );
  const changeEntry = (entry: RegisterEntry, field: string, other: RegisterEntry): void => {
    const record = entry as unknown as Record<string, unknown>;
    if (field === 'shares') record.shares = String(BigInt(entry.shares) + 1n);
    else if (field === 'time') record.time = new Date(Date.parse(entry.time) + 1000).toISOString();
    else if (field === 'seq') record.seq = entry.seq + 1;
    else if (field === 'prev') record.prev = entry.prev.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'));
    else if (field === 'authorisations')
      record.authorisations = other.authorisations.length > 0 ? other.authorisations : [];
    else if (field === 'nonce') record.nonce = entry.nonce === other.nonce ? 'A'.repeat(22) : other.nonce;
    else if (field === 'toPrevious') record.toPrevious = entry.toPrevious === null ? 0 : null;
    else if (field === 'kind') record.kind = entry.kind === 'trade' ? 'correction' : 'issuance';
    else record[field] = entry[field as 'to'] === REGISTER_ISSUER ? 'f'.repeat(64) : REGISTER_ISSUER;
  };

  it('any change to an old entry makes verification fail: in the whole log (even re-chained) and in a proof file', () => {
    fc.assert(
      fc.property(
        historyArb,
        fc.nat(),
        fc.nat(),
        entryField,
        fc.boolean(),
        (history, pick, otherPick, field, rechain) => {
          const covered = (history.roots.at(-1) as { treeSize: number }).treeSize;
          const file = clone(logFor(history));
          const index = pick % covered;
          const target = file.entries[index] as RegisterEntry;
          const before = canonicalJson(target);
          changeEntry(target, field, file.entries[otherPick % file.entries.length] as RegisterEntry);
          if (canonicalJson(target) === before) return;
          if (rechain) {
            // A forger who also rewrites every later prev still cannot match the signed roots.
            for (let i = index + 1; i < file.entries.length; i += 1)
              (file.entries[i] as RegisterEntry).prev = registerEntryHashHex(file.entries[i - 1] as RegisterEntry);
          }
          expect(verifyRegisterLog(file).ok).toBe(false);

          for (const { proof } of holdersWith(history, 1)) {
            const copy = clone(proof);
            const item = copy.entries[pick % copy.entries.length] as RegisterProofFile['entries'][number];
            const original = canonicalJson(item.entry);
            changeEntry(item.entry, field, copy.entries[otherPick % copy.entries.length]?.entry as RegisterEntry);
            if (canonicalJson(item.entry) === original) continue;
            expect(verifyRegisterProof(copy).ok).toBe(false);
          }
        },
      ),
      { numRuns: 30 },
    );
  }, 120_000);

  it('a reordering of entries makes verification fail, in the log and in a proof file', () => {
    fc.assert(
      fc.property(historyArb, fc.nat(), fc.nat(), (history, a, b) => {
        const file = clone(logFor(history));
        const i = a % file.entries.length;
        const j = b % file.entries.length;
        if (i === j) return;
        [file.entries[i], file.entries[j]] = [file.entries[j] as RegisterEntry, file.entries[i] as RegisterEntry];
        expect(verifyRegisterLog(file).ok).toBe(false);
        for (const { proof } of holdersWith(history, 2)) {
          const copy = clone(proof);
          const x = a % copy.entries.length;
          const y = b % copy.entries.length;
          if (x === y) continue;
          [copy.entries[x], copy.entries[y]] = [copy.entries[y], copy.entries[x]] as [never, never];
          expect(verifyRegisterProof(copy).ok).toBe(false);
        }
      }),
      { numRuns: 30 },
    );
  }, 120_000);

  it('a removed entry makes verification fail: any entry of the log, any but the newest entry of a proof file', () => {
    fc.assert(
      fc.property(historyArb, fc.nat(), (history, pick) => {
        const file = clone(logFor(history));
        file.entries.splice(pick % file.entries.length, 1);
        expect(verifyRegisterLog(file).ok).toBe(false);
        for (const { proof } of holdersWith(history, 2)) {
          const copy = clone(proof);
          copy.entries.splice(pick % (copy.entries.length - 1), 1);
          expect(verifyRegisterProof(copy).ok).toBe(false);
        }
      }),
      { numRuns: 30 },
    );
  }, 120_000);

  it('a changed root hash or size, or any changed node of a consistency or audit path, makes a proof fail', () => {
    fc.assert(
      fc.property(
        historyArb,
        fc.nat(),
        fc.nat(),
        fc.constantFrom('root', 'size', 'consistency', 'inclusion', 'previous'),
        (history, pick, node, what) => {
          for (const { proof } of holdersWith(history, 1)) {
            const copy = clone(proof);
            const flip = (hex: string) => hex.replace(/^./, (c) => (c === '0' ? '1' : '0'));
            const item = copy.entries[pick % copy.entries.length] as RegisterProofFile['entries'][number];
            if (what === 'root') {
              const root = copy.roots[pick % copy.roots.length] as { rootHash: string };
              root.rootHash = flip(root.rootHash);
            } else if (what === 'size') {
              const root = copy.roots[pick % copy.roots.length] as { treeSize: number };
              root.treeSize += 1;
            } else if (what === 'consistency') {
              const step = copy.consistency.find((s) => s.proof.length > 0);
              if (step === undefined) continue;
              step.proof[node % step.proof.length] = flip(step.proof[node % step.proof.length] as string);
            } else if (what === 'inclusion') {
              if (item.inclusion.length === 0) continue;
              item.inclusion[node % item.inclusion.length] = flip(
                item.inclusion[node % item.inclusion.length] as string,
              );
            } else {
              if (item.previousInclusion === null || item.previousInclusion.length === 0) continue;
              const path = item.previousInclusion;
              path[node % path.length] = flip(path[node % path.length] as string);
            }
            expect(verifyRegisterProof(copy).ok).toBe(false);
          }
        },
      ),
      { numRuns: 30 },
    );
  }, 120_000);

  it('never throws: any JSON, and a proof with any field replaced by any JSON value, gets a report', () => {
    const history = sample();
    const proof = proofFor(history, history.investors[0] as (typeof history.investors)[number]);
    const paths: (string | number)[][] = [];
    const walk = (value: unknown, at: (string | number)[]) => {
      paths.push(at);
      if (value !== null && typeof value === 'object')
        for (const [key, child] of Object.entries(value))
          walk(child, [...at, Array.isArray(value) ? Number(key) : key]);
    };
    walk(proof, []);
    fc.assert(
      fc.property(fc.jsonValue(), fc.nat(), (junk, pick) => {
        expect(verifyRegisterFile(JSON.stringify(junk)).ok).toBe(false);
        const copy = clone(proof) as unknown as Record<string | number, unknown>;
        const at = paths[pick % paths.length] as (string | number)[];
        if (at.length === 0) return;
        let parent = copy;
        for (const key of at.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
        parent[at.at(-1) as string | number] = junk;
        const report = verifyRegisterFile(JSON.stringify(copy));
        expect(typeof report.ok).toBe('boolean');
      }),
      { numRuns: 300 },
    );
  }, 120_000);

  it('key ids are the SHA-256 of the public key', () => {
    expect(ed25519KeyId(PLATFORM_PUBLIC_KEY)).toBe(PLATFORM_KEY_ID);
  });
});

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createLoggedInUser, type LoggedIn } from '../../auth/auth.test-support.js';
import { appropriatenessFor } from './appropriateness.js';
import { saverAnswers } from './knowledge-and-experience.test-support.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ANSWERS = '/api/v1/user/knowledgeAndExperience';
const SKIP = '/api/v1/user/noKnowledgeAndExperience';

type ErrorJson = { error: { code: string; message: string; fields?: Record<string, string> } };
const errorOf = (res: { json(): unknown }) => (res.json() as ErrorJson).error;
const call = (user: LoggedIn, method: 'POST' | 'PUT', url: string, payload: unknown) =>
  t.app.inject({ method, url, headers: user.headers, payload: payload as Record<string, unknown> });
const me = async (user: LoggedIn) => (await t.app.inject({ url: '/api/v1/user', headers: user.headers })).json().data;

/** New flow of someone who knows participation certificates (not the KG builder model). */
const newFlow = {
  flow: 'new',
  basicQuestions: {
    knownProducts: ['participationCertificates', 'stocksAndFunds'],
    experienceDuration: '3to5',
    transactionsPerYear: 5,
  },
  riskAppetite: 'high',
  investHorizon: 'medium',
  investmentCapital: 50000,
};

const oldFlow = saverAnswers;

describe('POST /api/v1/user/knowledgeAndExperience', () => {
  let invalidSender: LoggedIn | undefined;

  it('new flow: stores the answers, rates each security type, completes the step and tells the clients', async () => {
    const user = await createLoggedInUser(t.app);
    const before = await me(user);
    expect(before.registrationProcessStatus.knowledgeAndExperience).toBe(false);
    expect(before.complianceInformation).toEqual({
      knowledgeAndExperience: null,
      knowledgeAndExperienceStatus: 'NoInformation',
      knowledgeAndExperienceBoundary: null,
      knowledgeAndExperienceUpdatedAt: null,
    });
    expect(await appropriatenessFor(t.app.db, user.userId, 'participationRightEquity')).toBe('NoInformation');

    const publish = vi.spyOn(t.app.bus, 'publishUserUpdate');
    const res = await call(user, 'POST', ANSWERS, newFlow);
    expect(res.statusCode).toBe(200);
    expect(publish).toHaveBeenCalledWith(user.email, 'knowledgeAndExperience');
    publish.mockRestore();

    const data = res.json().data;
    expect(data.registrationProcessStatus.knowledgeAndExperience).toBe(true);
    expect(data.complianceInformation.knowledgeAndExperience).toEqual(newFlow);
    expect(data.complianceInformation.knowledgeAndExperienceStatus).toBe('NotAppropriate');
    expect(data.complianceInformation.knowledgeAndExperienceBoundary).toMatchObject({
      participationRightEquity: 'Appropriate',
      participationKG: 'NotAppropriate',
    });
    expect((await me(user)).complianceInformation).toEqual(data.complianceInformation);
    expect(await appropriatenessFor(t.app.db, user.userId, 'participationRightDebtCapital')).toBe('Appropriate');
    expect(await appropriatenessFor(t.app.db, user.userId, 'participationKG')).toBe('NotAppropriate');
  });

  it('old flow: a saver is not appropriate for participation rights; a second POST is refused', async () => {
    const user = await createLoggedInUser(t.app);
    const res = await call(user, 'POST', ANSWERS, oldFlow);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.complianceInformation.knowledgeAndExperienceStatus).toBe('NotAppropriate');
    expect(await appropriatenessFor(t.app.db, user.userId, 'participationRightEquity')).toBe('NotAppropriate');

    const again = await call(user, 'POST', ANSWERS, newFlow);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('KNOWLEDGE_AND_EXPERIENCE_EXISTS');
    expect((await me(user)).complianceInformation.knowledgeAndExperience).toEqual(oldFlow);
  });

  it.each<[string, unknown, string, string]>([
    ['no body', undefined, 'VALIDATION_FAILED', ''],
    ['an unknown flow', { ...newFlow, flow: 'other' }, 'VALIDATION_FAILED', ''],
    ['an unknown product', { ...oldFlow, financialProducts: ['gold'] }, 'VALIDATION_FAILED', ''],
    ['a product twice', { ...oldFlow, financialProducts: ['bonds', 'bonds'] }, 'VALIDATION_FAILED', ''],
    ['a stored value not in the set', { ...oldFlow, transactionCount: 7 }, 'VALIDATION_FAILED', ''],
    ['an amount written as text', { ...oldFlow, investmentPerTransaction: '3000' }, 'VALIDATION_FAILED', ''],
    ['a missing section', { ...newFlow, investHorizon: undefined }, 'VALIDATION_FAILED', ''],
    ['a sixth risk level', { ...newFlow, riskAppetite: 'extreme' }, 'VALIDATION_FAILED', ''],
    ['an unknown field', { ...newFlow, extra: true }, 'VALIDATION_FAILED', ''],
    [
      'experience with a product not known',
      { ...oldFlow, specificProducts: { ...oldFlow.specificProducts, bonds: '3to5' } },
      'KNOWLEDGE_AND_EXPERIENCE_INCONSISTENT',
      'body.specificProducts.bonds',
    ],
    [
      'a known product without experience',
      { ...oldFlow, specificProducts: { savingsAccount: 'greaterThan5' } },
      'KNOWLEDGE_AND_EXPERIENCE_INCONSISTENT',
      'body.specificProducts.stocksAndFunds',
    ],
    [
      'an average amount without transactions',
      { ...oldFlow, transactionCount: 0 },
      'KNOWLEDGE_AND_EXPERIENCE_INCONSISTENT',
      'body.investmentPerTransaction',
    ],
  ])('refuses %s with 400 (never a 500) and stores nothing', async (_name, payload, code, field) => {
    // One account for the whole table: registrations are throttled per address (20 an hour).
    invalidSender ??= await createLoggedInUser(t.app);
    const user = invalidSender;
    const res = await call(user, 'POST', ANSWERS, payload);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe(code);
    if (field) expect(errorOf(res).fields?.[field]).toBeTruthy();
    expect((await me(user)).complianceInformation.knowledgeAndExperienceStatus).toBe('NoInformation');
  });

  it('two first submissions at once: one is stored, the other gets 409', async () => {
    const user = await createLoggedInUser(t.app);
    const [first, second] = await Promise.all([
      call(user, 'POST', ANSWERS, newFlow),
      call(user, 'POST', SKIP, { confirmNoAppropriatenessCheck: true }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const winner = first.statusCode === 200 ? 'Appropriate' : 'NotProvided';
    expect(await appropriatenessFor(t.app.db, user.userId, 'participationRightEquity')).toBe(winner);
  });

  it('needs a login and the CSRF token', async () => {
    expect((await t.app.inject({ method: 'POST', url: ANSWERS, payload: newFlow })).statusCode).toBe(401);
    const user = await createLoggedInUser(t.app);
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: ANSWERS,
      headers: { cookie: user.headers.cookie },
      payload: newFlow,
    });
    expect(noCsrf.statusCode).toBe(403);
  });
});

describe('PUT /api/v1/user/knowledgeAndExperience', () => {
  it('replaces the answers and their rating', async () => {
    const user = await createLoggedInUser(t.app);
    expect(errorOf(await call(user, 'PUT', ANSWERS, newFlow)).code).toBe('KNOWLEDGE_AND_EXPERIENCE_NOT_FOUND');
    await call(user, 'POST', ANSWERS, oldFlow);
    const everything = {
      ...newFlow,
      basicQuestions: {
        ...newFlow.basicQuestions,
        knownProducts: ['kgParticipationBuilderModel', 'digitalSecurities'],
      },
    };
    const res = await call(user, 'PUT', ANSWERS, everything);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.complianceInformation).toMatchObject({
      knowledgeAndExperience: everything,
      knowledgeAndExperienceStatus: 'Appropriate',
    });
    expect(await appropriatenessFor(t.app.db, user.userId, 'participationKG')).toBe('Appropriate');
  });
});

describe('POST and PUT /api/v1/user/noKnowledgeAndExperience', () => {
  it('skips only with the confirmation; then every type is NotProvided and the step is done', async () => {
    const user = await createLoggedInUser(t.app);
    for (const payload of [{}, { confirmNoAppropriatenessCheck: false }]) {
      const refused = await call(user, 'POST', SKIP, payload);
      expect(refused.statusCode).toBe(400);
    }
    expect(errorOf(await call(user, 'POST', SKIP, { confirmNoAppropriatenessCheck: false })).code).toBe(
      'KNOWLEDGE_AND_EXPERIENCE_SKIP_NOT_CONFIRMED',
    );
    expect((await me(user)).registrationProcessStatus.knowledgeAndExperience).toBe(false);

    const skipped = await call(user, 'POST', SKIP, { confirmNoAppropriatenessCheck: true });
    expect(skipped.statusCode).toBe(200);
    expect(skipped.json().data.registrationProcessStatus.knowledgeAndExperience).toBe(true);
    expect(skipped.json().data.complianceInformation).toMatchObject({
      knowledgeAndExperience: null,
      knowledgeAndExperienceStatus: 'NotProvided',
      knowledgeAndExperienceBoundary: null,
    });
    expect(await appropriatenessFor(t.app.db, user.userId, 'participationAtypicalSilent')).toBe('NotProvided');
    expect(errorOf(await call(user, 'POST', SKIP, { confirmNoAppropriatenessCheck: true })).code).toBe(
      'KNOWLEDGE_AND_EXPERIENCE_EXISTS',
    );
  });

  it('answering after a skip is a PUT; skipping after answers (PUT) drops them', async () => {
    const user = await createLoggedInUser(t.app);
    await call(user, 'POST', SKIP, { confirmNoAppropriatenessCheck: true });
    expect(errorOf(await call(user, 'POST', ANSWERS, newFlow)).code).toBe('KNOWLEDGE_AND_EXPERIENCE_EXISTS');
    expect((await call(user, 'PUT', ANSWERS, newFlow)).statusCode).toBe(200);
    expect(await appropriatenessFor(t.app.db, user.userId, 'participationRightEquity')).toBe('Appropriate');

    const reskip = await call(user, 'PUT', SKIP, { confirmNoAppropriatenessCheck: true });
    expect(reskip.statusCode).toBe(200);
    expect(reskip.json().data.complianceInformation.knowledgeAndExperience).toBeNull();
    expect(await appropriatenessFor(t.app.db, user.userId, 'participationRightEquity')).toBe('NotProvided');
  });

  it('PUT without anything stored is refused', async () => {
    const user = await createLoggedInUser(t.app);
    const res = await call(user, 'PUT', SKIP, { confirmNoAppropriatenessCheck: true });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).code).toBe('KNOWLEDGE_AND_EXPERIENCE_NOT_FOUND');
  });
});

describe('cross-user isolation', () => {
  it("one user's answers or skip never show for another", async () => {
    const anna = await createLoggedInUser(t.app);
    const ben = await createLoggedInUser(t.app);
    await call(anna, 'POST', ANSWERS, newFlow);
    expect((await me(ben)).complianceInformation.knowledgeAndExperienceStatus).toBe('NoInformation');
    expect(await appropriatenessFor(t.app.db, ben.userId, 'participationRightEquity')).toBe('NoInformation');

    await call(ben, 'POST', SKIP, { confirmNoAppropriatenessCheck: true });
    expect((await me(anna)).complianceInformation.knowledgeAndExperience).toEqual(newFlow);
    expect(await appropriatenessFor(t.app.db, anna.userId, 'participationRightEquity')).toBe('Appropriate');
  });
});

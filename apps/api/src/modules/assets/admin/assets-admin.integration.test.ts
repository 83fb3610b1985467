import { ledgerAccountBalances } from '@bw/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAssetTemplates } from '../../../seed/asset-templates.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createLoggedInUser } from '../../auth/auth.test-support.js';
import { auditActionsOf, createStaffSession, type StaffLoggedIn } from '../../backoffice/backoffice.test-support.js';
import { JPEG, multipart, PDF, PNG } from '../../identification/identification.test-support.js';
import { samplePvAsset } from './assets-admin.test-support.js';

const P = '/admin/api/v1/assets';

/** Issue 21: assets from templates, every field, the lifecycle with four eyes, files and records. */
describe('back office: assets', () => {
  let t: TestApp;
  let clara: StaffLoggedIn;
  let otto: StaffLoggedIn;

  beforeAll(async () => {
    t = await createTestApp();
    await seedAssetTemplates(t.app.db);
    clara = await createStaffSession(t.app, 'compliance');
    otto = await createStaffSession(t.app, 'operator');
  });
  afterAll(async () => t.close());

  const lifecycle = (who: StaffLoggedIn, id: string, action: string, reason?: string) =>
    t.app.inject({
      method: 'POST',
      url: `${P}/${id}/lifecycle`,
      headers: who.headers,
      payload: { action, ...(reason ? { reason } : {}) },
    });
  const listedIds = async () =>
    (
      (await t.app.inject({ url: '/api/v2/assets', query: { pageSize: '100' } })).json().data.assets as { id: string }[]
    ).map((a) => a.id);

  it('creates from a template, needs a second person to approve and to publish, then lists it at once', async () => {
    const templates = await t.app.inject({ url: '/admin/api/v1/asset-templates', headers: clara.headers });
    const pv = (templates.json().data as { id: string; kind: string }[]).find(
      (template) => template.kind === 'powerPlant',
    );
    expect(pv).toBeDefined();
    const body = samplePvAsset({ templateId: pv?.id ?? null });
    const created = await t.app.inject({ method: 'POST', url: P, headers: clara.headers, payload: body });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data).toMatchObject({
      stage: 'preparing',
      availableShares: 1800,
      pricePerShareCents: '10000',
      actions: ['submitForReview'],
    });
    expect(
      (await t.app.inject({ method: 'POST', url: P, headers: clara.headers, payload: body })).json().error.code,
    ).toBe('ASSET_ID_TAKEN');

    // A photo is needed before review.
    expect((await lifecycle(clara, body.id, 'submitForReview')).json().error.code).toBe('ASSET_INCOMPLETE');
    const upload = await t.app.inject({
      method: 'POST',
      url: `${P}/${body.id}/images`,
      headers: { ...clara.headers, ...multipart(PNG).headers },
      payload: multipart(PNG).payload,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    expect(upload.json().data.images).toHaveLength(1);
    const notImage = multipart(PDF, { contentType: 'image/png' });
    const refused = await t.app.inject({
      method: 'POST',
      url: `${P}/${body.id}/images`,
      headers: { ...clara.headers, ...notImage.headers },
      payload: notImage.payload,
    });
    expect(refused.json().error.code).toBe('FILE_TYPE_NOT_ALLOWED');

    expect((await lifecycle(clara, body.id, 'submitForReview')).json().data.stage).toBe('review');
    expect((await lifecycle(clara, body.id, 'approve')).json().error.code).toBe('ASSET_FOUR_EYES_REQUIRED');
    expect((await lifecycle(otto, body.id, 'approve')).json().data.stage).toBe('approved');
    expect(await listedIds()).not.toContain(body.id);
    expect((await lifecycle(clara, body.id, 'publish')).json().error.code).toBe('ASSET_FOUR_EYES_REQUIRED');
    const published = await lifecycle(otto, body.id, 'publish');
    expect(published.json().data.stage).toBe('primary');
    expect(await listedIds()).toContain(body.id);

    // The uploaded photo is public now; the content is locked, the ranking is not.
    const photo = await t.app.inject({ url: published.json().data.images[0] });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    const { id: _id, templateId: _template, ...fields } = body;
    expect(
      (await t.app.inject({ method: 'PUT', url: `${P}/${body.id}`, headers: clara.headers, payload: fields })).json()
        .error.code,
    ).toBe('ASSET_NOT_EDITABLE');
    const ranked = await t.app.inject({
      method: 'PUT',
      url: `${P}/${body.id}/ranking`,
      headers: clara.headers,
      payload: { forcedRanking: 5 },
    });
    expect(ranked.json().data.forcedRanking).toBe(5);

    expect(await auditActionsOf(t.app, clara.staffId)).toEqual(
      expect.arrayContaining(['asset.create', 'asset.image.add', 'asset.submitForReview', 'asset.ranking']),
    );
    expect(await auditActionsOf(t.app, otto.staffId)).toEqual(
      expect.arrayContaining(['asset.approve', 'asset.publish']),
    );
  });

  it('declines only with a reason, and a declined asset is reworked and edited', async () => {
    const body = samplePvAsset({ images: undefined } as never);
    const { id, templateId: _t, ...fields } = body;
    await t.app.inject({ method: 'POST', url: P, headers: clara.headers, payload: body });
    const image = multipart(PNG);
    await t.app.inject({
      method: 'POST',
      url: `${P}/${id}/images`,
      headers: { ...clara.headers, ...image.headers },
      payload: image.payload,
    });
    await lifecycle(clara, id, 'submitForReview');
    expect((await lifecycle(otto, id, 'decline')).json().error.code).toBe('VALIDATION_FAILED');
    const declined = await lifecycle(otto, id, 'decline', 'Die Prognose der Stromerlöse fehlt.');
    expect(declined.json().data).toMatchObject({
      stage: 'declined',
      review: { reason: 'Die Prognose der Stromerlöse fehlt.' },
    });
    const edited = await t.app.inject({
      method: 'PUT',
      url: `${P}/${id}`,
      headers: clara.headers,
      payload: { ...fields, totalShares: 2000 },
    });
    expect(edited.json().data).toMatchObject({ totalShares: 2000, availableShares: 2000 });
    expect((await lifecycle(clara, id, 'rework')).json().data.stage).toBe('preparing');
  });

  it('needs notary dates for a builder-owner asset, and the financing phase is extended only forward', async () => {
    const body = samplePvAsset({
      templateKind: 'builderOwnerModel',
      securityType: 'participationRightEquityBuilderOwner',
      objectType: 'residential',
      propertyType: 'apartmentBuilding',
      powerPlantType: null,
      financingEndsOn: '2027-03-31',
    });
    await t.app.inject({ method: 'POST', url: P, headers: clara.headers, payload: body });
    const image = multipart(PNG);
    await t.app.inject({
      method: 'POST',
      url: `${P}/${body.id}/images`,
      headers: { ...clara.headers, ...image.headers },
      payload: image.payload,
    });
    const incomplete = await lifecycle(clara, body.id, 'submitForReview');
    expect(incomplete.json().error).toMatchObject({
      code: 'ASSET_INCOMPLETE',
      fields: { 'body.notaryDates': 'fehlt' },
    });
    const startsAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const notary = await t.app.inject({
      method: 'POST',
      url: `${P}/${body.id}/notary-dates`,
      headers: clara.headers,
      payload: { startsAt, location: 'Notariat Linz, Hauptplatz 1', capacity: 6 },
    });
    expect(notary.json().data.notaryDates).toHaveLength(1);
    expect((await lifecycle(clara, body.id, 'submitForReview')).json().data.stage).toBe('review');
    const earlier = await t.app.inject({
      method: 'PUT',
      url: `${P}/${body.id}/financing-end`,
      headers: clara.headers,
      payload: { financingEndsOn: '2027-01-31' },
    });
    expect(earlier.statusCode).toBe(409);
  });

  it('keeps images, scenarios and calculator inputs as edited, and investors read them back', async () => {
    const scenariosAtCreation = {
      stress: { distributionBps: 150, valueGrowthBps: -200 },
      medium: { distributionBps: 420, valueGrowthBps: 100 },
      optimistic: { distributionBps: 610, valueGrowthBps: 250 },
    };
    const body = samplePvAsset({ scenarios: scenariosAtCreation });
    const created = await t.app.inject({ method: 'POST', url: P, headers: clara.headers, payload: body });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data.scenarios).toEqual(scenariosAtCreation);

    // The edit changes every figure the yield and energy calculators read.
    const scenarios = {
      stress: { distributionBps: 120, valueGrowthBps: -350 },
      medium: { distributionBps: 480, valueGrowthBps: 75 },
      optimistic: { distributionBps: 690, valueGrowthBps: 300 },
    };
    const calculatorInputs = {
      pricePerShareCents: '12500',
      totalShares: 1440,
      minimumSubscriptionShares: 2,
      expectedOngoingDistributionBps: 520,
      durationYears: 15,
      peakPowerKw: 220,
      expectedAnnualProductionKwh: 241_500,
    };
    const { id: _id, templateId: _templateId, ...fields } = body;
    const edited = await t.app.inject({
      method: 'PUT',
      url: `${P}/${body.id}`,
      headers: clara.headers,
      payload: { ...fields, ...calculatorInputs, scenarios },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ ...calculatorInputs, scenarios });

    // Three photos, the second one removed again: two remain, in their order.
    const uploadImage = async (bytes: Buffer, contentType: string) => {
      const file = multipart(bytes, { contentType });
      const res = await t.app.inject({
        method: 'POST',
        url: `${P}/${body.id}/images`,
        headers: { ...clara.headers, ...file.headers },
        payload: file.payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { images: string[]; imageFiles: { id: string; url: string }[] };
    };
    await uploadImage(PNG, 'image/png');
    await uploadImage(PNG, 'image/png');
    const three = await uploadImage(JPEG, 'image/jpeg');
    expect(three.images).toHaveLength(3);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `${P}/${body.id}/images/${three.imageFiles[1]?.id}`,
      headers: clara.headers,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const images = [three.images[0], three.images[2]];
    expect(removed.json().data.images).toEqual(images);

    const readBack = await t.app.inject({ url: `${P}/${body.id}`, headers: otto.headers });
    expect(readBack.json().data).toMatchObject({ ...calculatorInputs, scenarios, images });

    // Investors see nothing before publication, then exactly what was edited.
    expect((await t.app.inject({ url: `/api/v2/assets/${body.id}` })).statusCode).toBe(404);
    expect((await lifecycle(clara, body.id, 'submitForReview')).json().data.stage).toBe('review');
    expect((await lifecycle(otto, body.id, 'approve')).json().data.stage).toBe('approved');
    expect((await lifecycle(otto, body.id, 'publish')).json().data.stage).toBe('primary');

    const investor = await createLoggedInUser(t.app);
    const detail = await t.app.inject({ url: `/api/v2/assets/${body.id}`, headers: investor.headers });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data).toMatchObject({
      ...calculatorInputs,
      scenarios,
      images,
      imageUrl: images[0],
      energyData: { expectedAnnualProductionKwh: 241_500 },
    });
    const [png, jpeg] = await Promise.all(images.map((url) => t.app.inject({ url })));
    expect(png?.statusCode).toBe(200);
    expect(png?.headers['content-type']).toBe('image/png');
    expect(jpeg?.statusCode).toBe(200);
    expect(jpeg?.headers['content-type']).toBe('image/jpeg');
    const metadata = await t.app.inject({ url: `/api/v1/assets/transactionMetadata/${body.id}` });
    expect(metadata.json().data.pricePerShareCents).toBe('12500');

    expect(await auditActionsOf(t.app, clara.staffId)).toEqual(
      expect.arrayContaining(['asset.create', 'asset.update', 'asset.image.add', 'asset.image.remove']),
    );
  });

  it('adds records and documents, which investors then see', async () => {
    const listed = (await listedIds())[0] as string;
    const record = await t.app.inject({
      method: 'POST',
      url: `${P}/${listed}/records`,
      headers: otto.headers,
      payload: {
        recordedOn: '2026-11-20',
        kind: 'news',
        title: 'Wechselrichter getauscht',
        body: 'Der Wechselrichter wurde planmäßig getauscht.',
      },
    });
    expect(record.statusCode, record.body).toBe(200);
    const document = multipart(PDF, { contentType: 'application/pdf', filename: 'bericht.pdf' });
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `${P}/${listed}/documents`,
      query: { kind: 'yieldReport', title: 'Ertragsbericht 2026', fileName: 'ertragsbericht-2026.pdf' },
      headers: { ...otto.headers, ...document.headers },
      payload: document.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect((uploaded.json().data.documents as { title: string }[]).map((d) => d.title)).toContain(
      'Ertragsbericht 2026',
    );
    const records = await t.app.inject({ url: `/launchpad/api/v1/records/asset/${listed}` });
    expect(records.body).toContain('Wechselrichter getauscht');
    const investor = await createLoggedInUser(t.app);
    expect((await t.app.inject({ url: `${P}/${listed}`, headers: investor.headers })).statusCode).toBe(403);
  });

  it('books shares placed outside the platform as a balanced posting, operators only, never more than are free', async () => {
    const body = samplePvAsset();
    expect((await t.app.inject({ method: 'POST', url: P, headers: clara.headers, payload: body })).statusCode).toBe(
      200,
    );
    const place = (who: StaffLoggedIn, payload: object) =>
      t.app.inject({ method: 'POST', url: `${P}/${body.id}/outside-placements`, headers: who.headers, payload });
    expect((await place(clara, { shares: 10, reason: 'Altbestand' })).statusCode).toBe(403);
    const placed = await place(otto, { shares: 300, reason: 'Bestand des Emittenten' });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().data.availableShares).toBe(1500);
    const tooMany = await place(otto, { shares: 1501, reason: 'Zu viel' });
    expect(tooMany.json().error.code).toBe('PLACEMENT_EXCEEDS_AVAILABLE');
    expect((await place(otto, { shares: 0, reason: 'Null' })).statusCode).toBe(400);
    const books = await t.app.db.select().from(ledgerAccountBalances).where(eq(ledgerAccountBalances.assetId, body.id));
    expect(Object.fromEntries(books.map((book) => [book.kind, book.balance]))).toEqual({
      issuer_shares: -300n,
      outside_holders: 300n,
    });
    expect(await auditActionsOf(t.app, otto.staffId)).toContain('asset.outsidePlacement');
  });

  it('imports the history of an asset taken over once, while it is prepared', async () => {
    const body = samplePvAsset();
    expect((await t.app.inject({ method: 'POST', url: P, headers: clara.headers, payload: body })).statusCode).toBe(
      200,
    );
    const history = {
      pricePoints: [{ tradedAt: '2026-03-02T09:15:00.000Z', pricePerShareCents: '10250', sharesCount: 4 }],
      production: [
        { producedOn: '2026-03-01', producedKwh: 610 },
        { producedOn: '2026-03-02', producedKwh: 702 },
      ],
    };
    const send = (payload: object) =>
      t.app.inject({ method: 'POST', url: `${P}/${body.id}/history`, headers: clara.headers, payload });
    const twice = await send({ ...history, production: [history.production[0], history.production[0]] });
    expect(twice.json().error.fields).toEqual({ 'body.production': 'Jeder Tag darf nur einmal vorkommen.' });
    expect((await send(history)).statusCode).toBe(200);
    expect((await send(history)).json().error.code).toBe('ASSET_HISTORY_EXISTS');
    expect(
      (await send({ pricePoints: [{ ...history.pricePoints[0], pricePerShareCents: '0' }], production: [] }))
        .statusCode,
    ).toBe(400);
  });
});

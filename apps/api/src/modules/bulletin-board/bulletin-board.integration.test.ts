import { offer as assetOffer, bulletinOffer, interestedPartyResult } from '@bw/contracts';
import { assetPricePoints, assets, bulletinOffers, outbox, transactions } from '@bw/db';
import { debitedCentsOfPurchase, feeRoundedHalfUp, proceedsCentsOfSale } from '@bw/domain';
import { and, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { balanceOf } from '../../ledger/ledger.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { expireOverdueSigningRequests } from '../security-app/signing-requests.js';
import {
  answerSigningRequest,
  averagePriceCents,
  balances,
  createOfferCall,
  createTrader,
  openOffer,
  SECONDARY_ASSET,
  signAll,
  takeOfferCall,
} from './bulletin-board.test-support.js';

let t: TestApp;
let app: FastifyInstance;
let price: bigint;
/** The demo partner's rates (seed): transaction fee 1 %, brokerage fee 0.5 %. */
const TRANSACTION_FEE_BPS = 100;
const BROKERAGE_FEE_BPS = 50;

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  price = await averagePriceCents(app);
});
afterAll(async () => t.close());

/** One after another: each registration reads its own e-mail from the shared development mailbox. */
const createTraders = async (count: number, options: Parameters<typeof createTrader>[1]) => {
  const created = [];
  for (let i = 0; i < count; i += 1) created.push(await createTrader(app, options));
  return created;
};
const platformFees = () => balanceOf(app.db, { kind: 'platform_fees' });
const asset = async () =>
  (
    await app.db
      .select({ available: assets.availableBricksSecondary, lowest: assets.lowestOfferPriceCents })
      .from(assets)
      .where(eq(assets.id, SECONDARY_ASSET))
  )[0];
const getOffer = async (trader: { headers: Record<string, string> }, offerId: string) => {
  const res = await app.inject({ url: `/api/v1/bulletinboard/offer/${offerId}`, headers: trader.headers });
  expect(res.statusCode).toBe(200);
  return bulletinOffer.parse(res.json().data);
};

describe('public sale: a sell offer taken whole', () => {
  it('reserves, opens on signature, settles delivery versus payment on the buyer signature', async () => {
    const seller = await createTrader(app, { shares: 10 });
    const buyer = await createTrader(app, { cashCents: 10_000_000n });
    const feesBefore = await platformFees();

    const created = await createOfferCall(app, seller, { type: 'sell', sharesAmount: 10, price: price.toString() });
    expect(created.statusCode).toBe(200);
    const offer = bulletinOffer.parse(created.json().data);
    expect(offer).toMatchObject({ status: 'new', sharesAmount: 10, isMine: true, priceWarning: { level: 'none' } });
    expect(await balances(app, seller.userId)).toMatchObject({ shares: 0n, sharesHeld: 10n });

    await answerSigningRequest(app, seller, offer.signingRequest?.signingRequestId ?? '');
    expect((await getOffer(seller, offer.offerId)).status).toBe('open');
    expect(await asset()).toEqual({ available: 10, lowest: price });
    const listed = z
      .array(assetOffer)
      .parse((await app.inject({ url: `/api/v2/assets/${SECONDARY_ASSET}/offers` })).json().data);
    expect(listed.find((o) => o.offerId === offer.offerId)).toMatchObject({
      type: 'sell',
      sharesAmount: 10,
      firstParty: { kind: 'investor', name: 'Erika M.' },
    });

    const taken = await takeOfferCall(app, buyer, { offerId: offer.offerId });
    expect(taken.statusCode).toBe(200);
    const { trade } = interestedPartyResult.parse(taken.json().data);
    const volume = price * 10n;
    const fee = feeRoundedHalfUp(volume, TRANSACTION_FEE_BPS);
    expect(trade).toMatchObject({ role: 'buyer', sharesAmount: 10, status: 'pending', waitingFor: ['buyer'] });
    expect(trade.transactionTotalAmount).toBe((volume + fee).toString());
    expect(await balances(app, buyer.userId)).toMatchObject({
      cash: 10_000_000n - volume - fee,
      cashHeld: volume + fee,
    });
    expect((await getOffer(seller, offer.offerId)).status).toBe('accepted');

    await signAll(app, buyer);

    expect(await balances(app, buyer.userId)).toEqual({
      cash: 10_000_000n - volume - fee,
      cashHeld: 0n,
      shares: 10n,
      sharesHeld: 0n,
    });
    expect(await balances(app, seller.userId)).toEqual({
      cash: volume - fee,
      cashHeld: 0n,
      shares: 0n,
      sharesHeld: 0n,
    });
    expect((await platformFees()) - feesBefore).toBe(2n * fee);
    const closed = await getOffer(seller, offer.offerId);
    expect(closed).toMatchObject({ status: 'closed', sharesSettled: 10, sharesAmount: 0 });
    expect(closed.trades[0]).toMatchObject({ status: 'completed', role: 'seller' });
    expect(await asset()).toEqual({ available: 0, lowest: null });

    // Spec section 3 (issue 35): the trade's execution place and price on both sides' transactions,
    // the processed view's totalTransactionAmount, and the seller's closed position in `finance`.
    const accountOf = async (trader: typeof seller) =>
      (await app.inject({ url: '/api/v1/payment/account', headers: trader.headers })).json().data;
    const sellerAccount = await accountOf(seller);
    const sale = sellerAccount.pastTransactions.find((x: { assetId: string | null }) => x.assetId === SECONDARY_ASSET);
    expect(sale).toMatchObject({ executionPlace: 'bulletinBoard', salePrice: price.toString(), purchasePrice: null });
    const buyerAccount = await accountOf(buyer);
    const purchase = buyerAccount.pastTransactions.find(
      (x: { assetId: string | null }) => x.assetId === SECONDARY_ASSET,
    );
    expect(purchase).toMatchObject({
      executionPlace: 'bulletinBoard',
      purchasePrice: price.toString(),
      salePrice: null,
    });
    // The processed view's figure sums the amounts the account lines show (issue 34): what the
    // purchase debited (price + fee − bonus) and what the sale brought in (price − fee).
    expect(BigInt(buyerAccount.totalTransactionAmount)).toBe(
      debitedCentsOfPurchase({
        amountCents: BigInt(purchase.amount),
        feeCents: BigInt(purchase.fee.amount),
        bonusCents: BigInt(purchase.bonus.amount),
      }),
    );
    expect(BigInt(sellerAccount.totalTransactionAmount)).toBe(
      proceedsCentsOfSale({ amountCents: BigInt(sale.amount), feeCents: BigInt(sale.fee.amount) }),
    );
    const charge = buyerAccount.pastTransactions.find((x: { type: string }) => x.type === 'charge');
    if (charge) expect(charge).toMatchObject({ executionPlace: null, purchasePrice: null, salePrice: null });
    const sellerUser = (await app.inject({ url: '/api/v1/user', headers: seller.headers })).json().data;
    // Shares that reached the seller outside a purchase carry no cost: the whole proceeds are profit.
    expect(sellerUser).toMatchObject({
      featureTesting: false,
      finance: { closedAmount: (volume - fee).toString(), closedProfit: (volume - fee).toString() },
    });
    const buyerUser = (await app.inject({ url: '/api/v1/user', headers: buyer.headers })).json().data;
    expect(buyerUser.finance).toEqual({ closedAmount: '0', closedProfit: '0' });

    const rows = await app.db
      .select()
      .from(transactions)
      .where(eq(transactions.paymentInformation, `bulletinTrade:${trade.tradeId}`));
    expect(rows.map((r) => [r.userId, r.type, r.status, r.amountCents, r.feeCents]).sort()).toEqual(
      [
        [buyer.userId, 'buy', 'success', volume, fee],
        [seller.userId, 'sell', 'success', volume, fee],
      ].sort(),
    );
    const points = await app.db
      .select()
      .from(assetPricePoints)
      .where(and(eq(assetPricePoints.assetId, SECONDARY_ASSET), eq(assetPricePoints.sharesCount, 10)));
    expect(points.some((p) => p.pricePerShareCents === price)).toBe(true);
    // Both users get `update`, everyone `update_assets`, once the settlement commits.
    const published = await app.db.select().from(outbox).where(like(outbox.key, 'realtime:%'));
    expect(published.map((row) => row.payload)).toContainEqual({
      userIds: expect.arrayContaining([buyer.userId, seller.userId]),
      assetIds: [SECONDARY_ASSET],
      reason: 'bulletinBoard',
    });
    expect(await app.outboxRelay.drain()).toBeGreaterThan(0);
    // Issue 23: the matched offer lands unread in both inboxes, once each, with the side's own text.
    const inbox = async (trader: { headers: Record<string, string> }) => {
      const res = await app.inject({ url: '/api/v1/notification', headers: trader.headers });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data.items as { event: string; title: string; link: string | null; seen: boolean }[])
        .filter((item) => item.event === 'offer.settled')
        .map(({ title, link, seen }) => ({ title, link, seen }));
    };
    expect(await inbox(buyer)).toEqual([
      { title: 'Angebot angenommen: Kauf abgeschlossen', link: `trading/${SECONDARY_ASSET}`, seen: false },
    ]);
    expect(await inbox(seller)).toEqual([
      { title: 'Angebot angenommen: Verkauf abgeschlossen', link: `trading/${SECONDARY_ASSET}`, seen: false },
    ]);
  });
});

describe('public buy offer', () => {
  it('reserves cash plus fee, a seller sells into it, both books settle', async () => {
    const buyer = await createTrader(app, { cashCents: 5_000_000n });
    const seller = await createTrader(app, { shares: 5 });
    const offerId = await openOffer(app, buyer, { type: 'buy', sharesAmount: 5, price: price.toString() });
    const volume = price * 5n;
    const fee = feeRoundedHalfUp(volume, TRANSACTION_FEE_BPS);
    expect(await balances(app, buyer.userId)).toMatchObject({ cashHeld: volume + fee });
    // A buy offer is no sell depth.
    expect((await asset())?.available).toBe(0);

    const taken = await takeOfferCall(app, seller, { offerId });
    expect(taken.statusCode).toBe(200);
    expect(await balances(app, seller.userId)).toMatchObject({ shares: 0n, sharesHeld: 5n });
    await signAll(app, seller);

    expect(await balances(app, buyer.userId)).toEqual({
      cash: 5_000_000n - volume - fee,
      cashHeld: 0n,
      shares: 5n,
      sharesHeld: 0n,
    });
    expect(await balances(app, seller.userId)).toEqual({
      cash: volume - fee,
      cashHeld: 0n,
      shares: 0n,
      sharesHeld: 0n,
    });
    expect((await getOffer(buyer, offerId)).status).toBe('closed');
  });
});

describe('partial fills', () => {
  it('keeps the rest open; a refused signature puts its shares back on offer', async () => {
    const seller = await createTrader(app, { shares: 10 });
    const [a, b, c] = await createTraders(3, { cashCents: 10_000_000n });
    if (!a || !b || !c) throw new Error('traders');
    const offerId = await openOffer(app, seller, { type: 'sell', sharesAmount: 10, price: price.toString() });

    expect((await takeOfferCall(app, a, { offerId, shares: 3 })).statusCode).toBe(200);
    const bTake = await takeOfferCall(app, b, { offerId, shares: 4 });
    expect(bTake.statusCode).toBe(200);
    expect(await getOffer(seller, offerId)).toMatchObject({ status: 'open', sharesAmount: 3 });
    expect((await asset())?.available).toBe(3);
    const tooMany = await takeOfferCall(app, c, { offerId, shares: 4 });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error.code).toBe('OFFER_SHARES_NOT_AVAILABLE');

    await signAll(app, a);
    const bRequest = interestedPartyResult.parse(bTake.json().data).trade.mySigningRequest?.signingRequestId ?? '';
    expect((await answerSigningRequest(app, b, bRequest, 'reject')).statusCode).toBe(200);
    expect(await balances(app, b.userId)).toMatchObject({ cash: 10_000_000n, cashHeld: 0n, shares: 0n });
    expect(await getOffer(seller, offerId)).toMatchObject({ status: 'open', sharesAmount: 7, sharesSettled: 3 });
    expect(await balances(app, seller.userId)).toMatchObject({ sharesHeld: 7n });

    expect((await takeOfferCall(app, c, { offerId })).statusCode).toBe(200);
    await signAll(app, c);
    expect(await getOffer(seller, offerId)).toMatchObject({ status: 'closed', sharesAmount: 0, sharesSettled: 10 });
    expect(await balances(app, c.userId)).toMatchObject({ shares: 7n });
    expect(await balances(app, seller.userId)).toMatchObject({ shares: 0n, sharesHeld: 0n });
  });

  it('the fills of a buy offer together pay exactly the fee reserved with it', async () => {
    const buyer = await createTrader(app, { cashCents: 5_000_000n });
    const sellers = await createTraders(3, { shares: 1 });
    // 1,050 ct at 1 %: one share 10.5 → 11 ct, three 31.5 → 32 ct.
    const offerId = await openOffer(app, buyer, {
      type: 'buy',
      sharesAmount: 3,
      price: '1050',
      acceptedWarnings: ['Accepted20PercentDifference'],
    });
    for (const seller of sellers) {
      // Selling far below the 30-day average: each seller confirms the deviation too (spec section 5, "for buy and sell").
      const take = { offerId, shares: 1 };
      expect((await takeOfferCall(app, seller, take)).json().error.code).toBe('OFFER_PRICE_WARNING_NOT_ACCEPTED');
      const confirmed = { ...take, acceptedWarnings: ['Accepted20PercentDifference'] };
      expect((await takeOfferCall(app, seller, confirmed)).statusCode).toBe(200);
      await signAll(app, seller);
    }
    const spent = 5_000_000n - (await balances(app, buyer.userId)).cash;
    expect(spent).toBe(3n * 1050n + 32n);
    expect((await balances(app, buyer.userId)).cashHeld).toBe(0n);
  });
});

describe('private trade', () => {
  it('walks the steps of spec section 4, transfers the shares and debits the brokerage fee', async () => {
    const seller = await createTrader(app, { shares: 4 });
    const buyer = await createTrader(app, { cashCents: 1_000_000n });
    const stranger = await createTrader(app);
    const offerId = await openOffer(app, seller, {
      type: 'sell',
      sharesAmount: 4,
      price: price.toString(),
      visibility: 'private',
    });
    const taken = await takeOfferCall(app, buyer, { offerId });
    expect(taken.statusCode).toBe(200);
    const { trade } = interestedPartyResult.parse(taken.json().data);
    const fee = feeRoundedHalfUp(price * 4n, BROKERAGE_FEE_BPS);
    expect(trade).toMatchObject({
      step: 'contactDetails',
      buyerFee: fee.toString(),
      sellerFee: '0',
      waitingFor: ['buyer'],
    });
    // Only the brokerage fee is reserved: the price is paid directly.
    expect(await balances(app, buyer.userId)).toMatchObject({ cash: 1_000_000n - fee, cashHeld: fee });

    const contact = await app.inject({
      url: `/api/v1/bulletinboard/offer/privateContactDetails/${offerId}`,
      headers: buyer.headers,
    });
    expect(contact.statusCode).toBe(200);
    expect(contact.json().data).toEqual([
      expect.objectContaining({ role: 'seller', email: seller.email, firstName: 'Erika' }),
    ]);
    const sellerSees = await app.inject({
      url: `/api/v1/bulletinboard/offer/privateContactDetails/${trade.tradeId}`,
      headers: seller.headers,
    });
    expect(sellerSees.json().data[0]).toMatchObject({ role: 'buyer', email: buyer.email });
    const strangerSees = await app.inject({
      url: `/api/v1/bulletinboard/offer/privateContactDetails/${offerId}`,
      headers: stranger.headers,
    });
    expect(strangerSees.statusCode).toBe(403);
    expect(strangerSees.json().error.code).toBe('OFFER_CONTACT_DETAILS_FORBIDDEN');

    const progress = (who: typeof buyer, step: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/bulletinboard/offer/progress',
        headers: who.headers,
        payload: { tradeId: trade.tradeId, step },
      });
    const wrong = await progress(seller, 'contactDetails');
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().error.code).toBe('OFFER_TRADE_STEP_REFUSED');
    expect((await progress(buyer, 'contactDetails')).statusCode).toBe(200);
    // A retry of a confirmed step answers like the first call.
    expect((await progress(buyer, 'contactDetails')).statusCode).toBe(200);
    expect((await progress(seller, 'sellerAcceptance')).statusCode).toBe(200);
    expect((await progress(seller, 'payment')).statusCode).toBe(200);
    const released = await progress(buyer, 'buyerRelease');
    expect(released.statusCode).toBe(200);
    const atSigning = bulletinOffer.parse(released.json().data).trades[0];
    expect(atSigning).toMatchObject({ step: 'signing', waitingFor: ['seller', 'buyer'] });
    expect(atSigning?.progress?.slice(0, 5).map((p) => p.state)).toEqual(['done', 'done', 'done', 'done', 'current']);
    expect((await progress(buyer, 'signing')).statusCode).toBe(409);

    await signAll(app, buyer);
    expect((await getOffer(seller, offerId)).trades[0]).toMatchObject({ step: 'signing', waitingFor: ['seller'] });
    await signAll(app, seller);
    expect((await getOffer(seller, offerId)).trades[0]).toMatchObject({ step: 'finalRelease', waitingFor: ['seller'] });
    const feesBefore = await platformFees();
    expect((await progress(seller, 'finalRelease')).statusCode).toBe(200);

    expect(await balances(app, buyer.userId)).toEqual({
      cash: 1_000_000n - fee,
      cashHeld: 0n,
      shares: 4n,
      sharesHeld: 0n,
    });
    expect(await balances(app, seller.userId)).toEqual({ cash: 0n, cashHeld: 0n, shares: 0n, sharesHeld: 0n });
    expect((await platformFees()) - feesBefore).toBe(fee);
    const done = await getOffer(buyer, offerId);
    expect(done.status).toBe('closed');
    expect(done.trades[0]).toMatchObject({ step: 'completed', status: 'completed' });
  });
});

describe('private buy offer', () => {
  it('reserves only the brokerage fee; the seller who takes it reserves the shares; a refused signature cancels', async () => {
    const buyer = await createTrader(app, { cashCents: 1_000_000n });
    const seller = await createTrader(app, { shares: 2 });
    const offerId = await openOffer(app, buyer, {
      type: 'buy',
      sharesAmount: 2,
      price: price.toString(),
      visibility: 'private',
    });
    const fee = feeRoundedHalfUp(price * 2n, BROKERAGE_FEE_BPS);
    expect(await balances(app, buyer.userId)).toMatchObject({ cashHeld: fee });
    const { trade } = interestedPartyResult.parse((await takeOfferCall(app, seller, { offerId })).json().data);
    expect(await balances(app, seller.userId)).toMatchObject({ shares: 0n, sharesHeld: 2n });
    const confirm = (who: typeof buyer, step: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/bulletinboard/offer/progress',
        headers: who.headers,
        payload: { tradeId: trade.tradeId, step },
      });
    for (const [who, step] of [
      [buyer, 'contactDetails'],
      [seller, 'sellerAcceptance'],
      [seller, 'payment'],
      [buyer, 'buyerRelease'],
    ] as const) {
      expect((await confirm(who, step)).statusCode).toBe(200);
    }
    const [request] = (await getOffer(seller, offerId)).trades.map((t) => t.mySigningRequest?.signingRequestId);
    expect((await answerSigningRequest(app, seller, request ?? '', 'reject')).statusCode).toBe(200);
    expect((await getOffer(buyer, offerId)).trades[0]).toMatchObject({ status: 'canceled', cancelReason: 'rejected' });
    // The shares are the seller's again; the buyer's fee reserve is back on the open offer.
    expect(await balances(app, seller.userId)).toMatchObject({ shares: 2n, sharesHeld: 0n });
    expect(await getOffer(buyer, offerId)).toMatchObject({
      status: 'open',
      sharesAmount: 2,
      transactionFee: fee.toString(),
    });
    expect(await balances(app, buyer.userId)).toMatchObject({ cash: 1_000_000n - fee, cashHeld: fee });
  });
});

describe('withdrawing from a private trade', () => {
  it('either party may leave before the payment step; the shares go back on offer', async () => {
    const seller = await createTrader(app, { shares: 3 });
    const buyer = await createTrader(app, { cashCents: 1_000_000n });
    const offerId = await openOffer(app, seller, {
      type: 'sell',
      sharesAmount: 3,
      price: price.toString(),
      visibility: 'private',
    });
    const { trade } = interestedPartyResult.parse(
      (await takeOfferCall(app, buyer, { offerId, shares: 2 })).json().data,
    );
    const withdraw = (who: typeof buyer) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/bulletinboard/offer/withdraw',
        headers: who.headers,
        payload: { tradeId: trade.tradeId },
      });
    expect((await withdraw(seller)).statusCode).toBe(200);
    expect((await withdraw(seller)).statusCode).toBe(200);
    expect(await getOffer(seller, offerId)).toMatchObject({ status: 'open', sharesAmount: 3 });
    expect(await balances(app, buyer.userId)).toMatchObject({ cash: 1_000_000n, cashHeld: 0n });

    const again = interestedPartyResult.parse((await takeOfferCall(app, buyer, { offerId })).json().data).trade;
    const confirm = (who: typeof buyer, step: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/bulletinboard/offer/progress',
        headers: who.headers,
        payload: { tradeId: again.tradeId, step },
      });
    expect((await confirm(buyer, 'contactDetails')).statusCode).toBe(200);
    expect((await confirm(seller, 'sellerAcceptance')).statusCode).toBe(200);
    const late = await app.inject({
      method: 'POST',
      url: '/api/v1/bulletinboard/offer/withdraw',
      headers: buyer.headers,
      payload: { tradeId: again.tradeId },
    });
    expect([late.statusCode, late.json().error.code]).toEqual([409, 'OFFER_TRADE_STEP_REFUSED']);
  });
});

describe('price warnings (spec section 5)', () => {
  it('refuses more than 20 % off the 30-day average unless Accepted20PercentDifference is sent', async () => {
    const seller = await createTrader(app, { shares: 2 });
    const average = await averagePriceCents(app);
    const high = ((average * 13n) / 10n).toString();
    const refused = await createOfferCall(app, seller, { type: 'sell', sharesAmount: 1, price: high });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('OFFER_PRICE_WARNING_NOT_ACCEPTED');
    expect(await balances(app, seller.userId)).toMatchObject({ shares: 2n, sharesHeld: 0n });

    const accepted = await createOfferCall(app, seller, {
      type: 'sell',
      sharesAmount: 1,
      price: high,
      acceptedWarnings: ['Accepted20PercentDifference'],
    });
    expect(accepted.statusCode).toBe(200);
    expect(bulletinOffer.parse(accepted.json().data)).toMatchObject({
      priceWarning: { level: 'confirm', averagePrice30Days: average.toString() },
      acceptedWarnings: ['Accepted20PercentDifference'],
    });
    const info = await createOfferCall(app, seller, {
      type: 'sell',
      sharesAmount: 1,
      price: ((price * 115n) / 100n).toString(),
    });
    expect(info.statusCode).toBe(200);
    expect(info.json().data.priceWarning.level).toBe('info');
  });
});

describe('deleting an offer', () => {
  it('only the owner; releases what nobody took; a deleted offer cannot be taken', async () => {
    const seller = await createTrader(app, { shares: 6 });
    const buyer = await createTrader(app, { cashCents: 10_000_000n });
    const offerId = await openOffer(app, seller, { type: 'sell', sharesAmount: 6, price: price.toString() });
    expect((await takeOfferCall(app, buyer, { offerId, shares: 2 })).statusCode).toBe(200);

    const notMine = await app.inject({
      method: 'POST',
      url: '/api/v1/bulletinboard/offer/deleteRequest',
      headers: buyer.headers,
      payload: { offerId },
    });
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().error.code).toBe('OFFER_NOT_OWNER');
    const deleted = await app.inject({
      method: 'POST',
      url: '/api/v1/bulletinboard/offer/deleteRequest',
      headers: seller.headers,
      payload: { offerId },
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().data.status).toBe('deleted');
    // The 2 shares in the buyer's trade stay reserved; the other 4 are back.
    expect(await balances(app, seller.userId)).toMatchObject({ shares: 4n, sharesHeld: 2n });
    const again = await takeOfferCall(app, buyer, { offerId });
    expect(again.json().error.code).toBe('OFFER_NOT_OPEN');
    // The trade in progress still completes.
    await signAll(app, buyer);
    expect(await balances(app, buyer.userId)).toMatchObject({ shares: 2n });
    expect(await getOffer(seller, offerId)).toMatchObject({ status: 'deleted', sharesSettled: 2 });
    expect(await balances(app, seller.userId)).toMatchObject({ shares: 4n, sharesHeld: 0n });
  });

  it('an offer whose signature expires is deleted and released', async () => {
    const seller = await createTrader(app, { shares: 3 });
    const created = await createOfferCall(app, seller, { type: 'sell', sharesAmount: 3, price: price.toString() });
    const offerId = created.json().data.offerId as string;
    await expireOverdueSigningRequests(app.db, app.settlements, {
      now: new Date(Date.now() + 60 * 60 * 1000),
      userId: seller.userId,
    });
    expect((await getOffer(seller, offerId)).status).toBe('deleted');
    expect(await balances(app, seller.userId)).toMatchObject({ shares: 3n, sharesHeld: 0n });
  });
});

describe('privateUser (spec sections 5, 6)', () => {
  it('creates and takes only private offers and sees only those', async () => {
    const privateUser = await createTrader(app, { shares: 3, cashCents: 5_000_000n, securityApp: 'private' });
    const seller = await createTrader(app, { shares: 4 });
    const publicOffer = await openOffer(app, seller, { type: 'sell', sharesAmount: 2, price: price.toString() });
    const privateOffer = await openOffer(app, seller, {
      type: 'sell',
      sharesAmount: 2,
      price: price.toString(),
      visibility: 'private',
    });

    const bulletin = await createOfferCall(app, privateUser, {
      type: 'sell',
      sharesAmount: 1,
      price: price.toString(),
    });
    expect(bulletin.statusCode).toBe(403);
    expect(bulletin.json().error.code).toBe('OFFER_VISIBILITY_NOT_ALLOWED');
    const take = await takeOfferCall(app, privateUser, { offerId: publicOffer });
    expect(take.json().error.code).toBe('OFFER_VISIBILITY_NOT_ALLOWED');

    const list = await app.inject({
      url: `/api/v1/bulletinboard/offers?assetId=${SECONDARY_ASSET}`,
      headers: privateUser.headers,
    });
    const seen = z.array(bulletinOffer).parse(list.json().data);
    expect(seen.every((o) => o.visibility === 'private')).toBe(true);
    expect(seen.map((o) => o.offerId)).toContain(privateOffer);
    const forAsset = await app.inject({
      url: `/api/v2/assets/${SECONDARY_ASSET}/offers`,
      headers: privateUser.headers,
    });
    expect(forAsset.json().data.every((o: { visibility: string }) => o.visibility === 'private')).toBe(true);
    expect(
      (await app.inject({ url: `/api/v1/bulletinboard/offer/${publicOffer}`, headers: privateUser.headers }))
        .statusCode,
    ).toBe(404);

    const own = await createOfferCall(app, privateUser, {
      type: 'sell',
      sharesAmount: 1,
      price: price.toString(),
      visibility: 'private',
    });
    expect(own.statusCode).toBe(200);
    expect((await takeOfferCall(app, privateUser, { offerId: privateOffer, shares: 1 })).statusCode).toBe(200);
  });
});

describe('error paths answer 4xx with their code', () => {
  it('refuses bad input, unverified users, missing apps, missing shares and money', async () => {
    const guest = await app.inject({
      method: 'POST',
      url: '/api/v1/bulletinboard/offer',
      payload: { assetId: SECONDARY_ASSET, type: 'sell', sharesAmount: 1, price: '100' },
    });
    expect(guest.statusCode).toBe(401);

    const seller = await createTrader(app, { shares: 2 });
    const bad = await createOfferCall(app, seller, { type: 'sell', sharesAmount: 0, price: '-5' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_FAILED');
    const huge = await createOfferCall(app, seller, { type: 'sell', sharesAmount: 1, price: '999999999999999999' });
    expect(huge.statusCode).toBe(400);

    const cases: [Awaited<ReturnType<typeof createOfferCall>>, number, string][] = [
      [
        await createOfferCall(app, await createTrader(app, { status: 'new', shares: 1 }), {
          type: 'sell',
          sharesAmount: 1,
          price: price.toString(),
        }),
        403,
        'OFFER_USER_NOT_VERIFIED',
      ],
      [
        await createOfferCall(app, await createTrader(app, { securityApp: 'none', shares: 1 }), {
          type: 'sell',
          sharesAmount: 1,
          price: price.toString(),
        }),
        409,
        'SECURITY_APP_NOT_CONNECTED',
      ],
      [
        await createOfferCall(app, seller, { type: 'sell', sharesAmount: 3, price: price.toString() }),
        409,
        'OFFER_SHARES_NOT_AVAILABLE',
      ],
      [
        await createOfferCall(app, seller, { type: 'buy', sharesAmount: 3, price: price.toString() }),
        409,
        'OFFER_INSUFFICIENT_FUNDS',
      ],
      [
        await createOfferCall(app, seller, {
          type: 'sell',
          sharesAmount: 1,
          price: price.toString(),
          assetId: 'does-not-exist',
        }),
        404,
        'ASSET_NOT_FOUND',
      ],
      [
        await createOfferCall(app, seller, {
          type: 'sell',
          sharesAmount: 1,
          price: price.toString(),
          assetId: 'graz-lend-dachgeschoss',
        }),
        409,
        'OFFER_ASSET_NOT_TRADABLE',
      ],
    ];
    for (const [res, status, code] of cases) {
      expect(res.json().error?.code).toBe(code);
      expect(res.statusCode).toBe(status);
    }

    const offerId = await openOffer(app, seller, { type: 'sell', sharesAmount: 2, price: price.toString() });
    expect((await takeOfferCall(app, seller, { offerId })).json().error.code).toBe('OFFER_OWN');
    const poor = await createTrader(app);
    const noMoney = await takeOfferCall(app, poor, { offerId });
    expect([noMoney.statusCode, noMoney.json().error.code]).toEqual([409, 'OFFER_INSUFFICIENT_FUNDS']);
    const unknown = await takeOfferCall(app, poor, { offerId: '00000000-0000-4000-8000-000000000000' });
    expect([unknown.statusCode, unknown.json().error.code]).toEqual([404, 'OFFER_NOT_FOUND']);
    const notUuid = await takeOfferCall(app, poor, { offerId: 'x' });
    expect(notUuid.statusCode).toBe(400);
    const signing = await app.inject({
      method: 'POST',
      url: '/api/v1/bulletinboard/offer/signingRequest',
      headers: poor.headers,
      payload: { offerId },
    });
    expect(signing.json().error.code).toBe('OFFER_NOT_FOUND');
    const ownSigning = await app.inject({
      method: 'POST',
      url: '/api/v1/bulletinboard/offer/signingRequest',
      headers: seller.headers,
      payload: { offerId },
    });
    expect(ownSigning.json().data).toEqual([expect.objectContaining({ purpose: 'offer', status: 'signed' })]);
    const progress = await app.inject({
      method: 'POST',
      url: '/api/v1/bulletinboard/offer/progress',
      headers: poor.headers,
      payload: { tradeId: '00000000-0000-4000-8000-000000000000', step: 'payment' },
    });
    expect([progress.statusCode, progress.json().error.code]).toEqual([404, 'OFFER_TRADE_NOT_FOUND']);
    const deleteUnknown = await app.inject({
      method: 'POST',
      url: '/api/v1/bulletinboard/offer/deleteRequest',
      headers: poor.headers,
      payload: { offerId: '00000000-0000-4000-8000-000000000000' },
    });
    expect([deleteUnknown.statusCode, deleteUnknown.json().error.code]).toEqual([404, 'OFFER_NOT_FOUND']);
    // A public trade has no contact details and no steps to confirm.
    const buyer = await createTrader(app, { cashCents: 10_000_000n });
    const publicTrade = (await takeOfferCall(app, buyer, { offerId, shares: 1 })).json().data.trade.tradeId as string;
    const contact = await app.inject({
      url: `/api/v1/bulletinboard/offer/privateContactDetails/${publicTrade}`,
      headers: buyer.headers,
    });
    expect([contact.statusCode, contact.json().error.code]).toEqual([403, 'OFFER_CONTACT_DETAILS_FORBIDDEN']);
    const step = await app.inject({
      method: 'POST',
      url: '/api/v1/bulletinboard/offer/progress',
      headers: buyer.headers,
      payload: { tradeId: publicTrade, step: 'contactDetails' },
    });
    expect([step.statusCode, step.json().error.code]).toEqual([409, 'OFFER_TRADE_STEP_REFUSED']);
    // The failed attempts reserved nothing.
    expect(await balances(app, poor.userId)).toMatchObject({ cash: 0n, cashHeld: 0n });
  });
});

describe('OpenAPI', () => {
  it('documents every bulletin-board call', async () => {
    const doc = (await app.inject({ url: '/api/openapi.json' })).json() as { paths: Record<string, unknown> };
    const paths = Object.keys(doc.paths).filter((path) => path.startsWith('/api/v1/bulletinboard'));
    expect(paths.sort()).toEqual([
      '/api/v1/bulletinboard/holdings',
      '/api/v1/bulletinboard/offer',
      '/api/v1/bulletinboard/offer/deleteRequest',
      '/api/v1/bulletinboard/offer/interestedParty',
      '/api/v1/bulletinboard/offer/privateContactDetails/{id}',
      '/api/v1/bulletinboard/offer/progress',
      '/api/v1/bulletinboard/offer/signingRequest',
      '/api/v1/bulletinboard/offer/withdraw',
      '/api/v1/bulletinboard/offer/{id}',
      '/api/v1/bulletinboard/offers',
    ]);
  });
});

describe('idempotency', () => {
  it('a retry with the same key answers the same offer and reserves once; another body under the key is refused', async () => {
    const seller = await createTrader(app, { shares: 5 });
    const body = { type: 'sell', sharesAmount: 2, price: price.toString() };
    const first = await createOfferCall(app, seller, body, 'offer-key-0001');
    const second = await createOfferCall(app, seller, body, 'offer-key-0001');
    expect(second.json().data.offerId).toBe(first.json().data.offerId);
    expect(await balances(app, seller.userId)).toMatchObject({ shares: 3n, sharesHeld: 2n });
    const other = await createOfferCall(app, seller, { ...body, sharesAmount: 3 }, 'offer-key-0001');
    expect([other.statusCode, other.json().error.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);

    await answerSigningRequest(app, seller, first.json().data.signingRequest.signingRequestId);
    const buyer = await createTrader(app, { cashCents: 10_000_000n });
    const offerId = first.json().data.offerId as string;
    const takeA = await takeOfferCall(app, buyer, { offerId, shares: 1 }, 'take-key-0001');
    const takeB = await takeOfferCall(app, buyer, { offerId, shares: 1 }, 'take-key-0001');
    expect(takeB.json().data.trade.tradeId).toBe(takeA.json().data.trade.tradeId);
    expect((await app.db.select().from(bulletinOffers).where(eq(bulletinOffers.id, offerId)))[0]?.sharesRemaining).toBe(
      1,
    );
  });
});

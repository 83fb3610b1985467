import { offer } from '@bw/contracts';
import { describe, expect, it } from 'vitest';
import {
  answering,
  investorOfferFixture,
  issuerOfferFixture,
  refusal,
  summaryFixture,
} from '../../../test/asset-fixtures';
import { getAssetOffers } from './get-asset-offers';

const issuerOffer = issuerOfferFixture(summaryFixture);

/** The offers are checked by a guard instead of zod: it must accept and refuse what the contract does. */
describe('offer guard vs. the zod contract', () => {
  it('gives the same value as the contract for an issuer and an investor offer, unknown keys dropped', async () => {
    const answer = [issuerOffer, investorOfferFixture].map((entry) => ({
      ...entry,
      extra: 1,
      firstParty: { ...entry.firstParty, extra: 2 },
    }));
    const checked = await getAssetOffers(answering(answer), summaryFixture.id);
    expect(checked).toStrictEqual(offer.array().parse(answer));
    expect(checked).toStrictEqual([issuerOffer, investorOfferFixture]);
  });

  it('accepts an empty list', async () => {
    expect(await getAssetOffers(answering([]), summaryFixture.id)).toStrictEqual([]);
  });

  const broken: [string, unknown, string][] = [
    ['a status outside the enum', { ...issuerOffer, status: 'pending' }, 'data[0].status'],
    ['a type outside the enum', { ...issuerOffer, type: 'auction' }, 'data[0].type'],
    ['a visibility outside the enum', { ...issuerOffer, visibility: 'public' }, 'data[0].visibility'],
    ['no first party', { ...issuerOffer, firstParty: null }, 'data[0].firstParty'],
    [
      'a party of an unknown kind',
      { ...issuerOffer, secondParty: { kind: 'bank', name: 'x' } },
      'data[0].secondParty.kind',
    ],
    ['money with decimals', { ...issuerOffer, amount: '126000000.00' }, 'data[0].amount'],
    ['a fee as a number', { ...issuerOffer, transactionFee: 1_260_000 }, 'data[0].transactionFee'],
    ['fractional shares', { ...issuerOffer, sharesAmount: 1.5 }, 'data[0].sharesAmount'],
    ['fee basis points as a string', { ...issuerOffer, transactionFeeBps: '100' }, 'data[0].transactionFeeBps'],
    ['a signing request (not there yet)', { ...issuerOffer, signingRequest: {} }, 'data[0].signingRequest'],
    ['a delete request (not there yet)', { ...issuerOffer, deleteRequest: 'requested' }, 'data[0].deleteRequest'],
    ['a missing delete request', { ...issuerOffer, deleteRequest: undefined }, 'data[0].deleteRequest'],
  ];
  it.each(broken)('refuses %s with a GuardError, like the contract', async (_name, entry, path) => {
    expect(offer.safeParse(entry).success).toBe(false);
    expect((await refusal(getAssetOffers(answering([entry]), summaryFixture.id))).path).toBe(path);
  });

  it('refuses an object instead of a list, like the contract', async () => {
    expect(offer.array().safeParse(issuerOffer).success).toBe(false);
    expect((await refusal(getAssetOffers(answering(issuerOffer), summaryFixture.id))).path).toBe('data');
  });
});

import type { PurchaseView } from '@bw/contracts';
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { initInvestment } from '../api/init-investment';
import { type SubmitInput, usePurchaseSubmit } from './use-purchase-submit';

vi.mock('../api/init-investment', () => ({ initInvestment: vi.fn() }));
const send = vi.mocked(initInvestment);

const purchase = { transactionId: '7d3b2c1a-0000-4000-8000-000000000001' } as PurchaseView;
const input: SubmitInput = {
  assetId: 'salzburg-altstadt-loft',
  shares: 3,
  useBonus: false,
  needsFiveK: false,
  needsAppropriateness: false,
};
const refusal = (code: string, message = 'Nachricht vom Server') => new ApiError(409, code, message);

const setUp = () => {
  const onStarted = vi.fn();
  const hook = renderHook(() => usePurchaseSubmit(onStarted));
  return { onStarted, hook };
};

describe('usePurchaseSubmit (spec section 5: warn before sending, the server refusals as the safety net)', () => {
  beforeEach(() => send.mockReset());
  afterEach(cleanup);

  it('asks for the 5k confirmation before sending, then sends Accepted5KLimit with a fresh idempotency key', async () => {
    send.mockResolvedValue(purchase);
    const { onStarted, hook } = setUp();
    await act(() => hook.result.current.send({ ...input, needsFiveK: true }));
    expect(hook.result.current.dialog).toBe('fiveK');
    expect(send).not.toHaveBeenCalled();
    await act(async () => hook.result.current.confirm('fiveK'));
    expect(send).toHaveBeenCalledWith(
      expect.objectContaining({ body: { shares: 3, acceptedWarnings: ['Accepted5KLimit'] } }),
    );
    expect(send.mock.calls[0]?.[0].idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(onStarted).toHaveBeenCalledWith(purchase);
  });

  it('opens the appropriateness warning on the server refusal and resends with the explicit continue', async () => {
    send.mockRejectedValueOnce(refusal('INVESTMENT_APPROPRIATENESS_CONFIRMATION_REQUIRED'));
    send.mockResolvedValueOnce(purchase);
    const { onStarted, hook } = setUp();
    await act(() => hook.result.current.send(input));
    expect(hook.result.current.dialog).toBe('appropriateness');
    await act(async () => hook.result.current.confirm('appropriateness'));
    expect(send).toHaveBeenLastCalledWith(
      expect.objectContaining({ body: { shares: 3, acknowledgedAppropriateness: true } }),
    );
    expect(send.mock.calls[0]?.[0].idempotencyKey).not.toBe(send.mock.calls[1]?.[0].idempotencyKey);
    expect(onStarted).toHaveBeenCalledTimes(1);
  });

  it('prompts a top-up when the payment account is short', async () => {
    send.mockRejectedValueOnce(refusal('INVESTMENT_INSUFFICIENT_FUNDS'));
    const { hook } = setUp();
    await act(() => hook.result.current.send({ ...input, useBonus: true }));
    expect(send).toHaveBeenCalledWith(expect.objectContaining({ body: { shares: 3, useBonus: true } }));
    expect(hook.result.current.dialog).toBe('funds');
  });

  it.each([
    ['SECURITY_APP_NOT_CONNECTED', 'securityApp'],
    ['INVESTMENT_AUSTRIAN_TAX_ID_REQUIRED', 'taxSettings'],
    ['INVESTMENT_SHARES_NOT_AVAILABLE', 'message'],
  ])('shows %s as %s with the server message', async (code, action) => {
    send.mockRejectedValueOnce(refusal(code, 'Not that many shares are available.'));
    const { hook } = setUp();
    await act(() => hook.result.current.send(input));
    expect(hook.result.current.dialog).toBeNull();
    expect(hook.result.current.refusal).toEqual({ action, message: 'Not that many shares are available.' });
  });
});

import type { InitInvestmentBody, PurchaseView } from '@bw/contracts';
import { useCallback, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { initInvestment } from '../api/init-investment';
import { type RefusalAction, refusalAction } from '../lib/purchase-draft';

export type PurchaseDialog = 'fiveK' | 'appropriateness' | 'funds' | null;
export type Refusal = { readonly action: RefusalAction; readonly message: string };

export type SubmitInput = {
  readonly assetId: string;
  readonly shares: number;
  readonly useBonus: boolean;
  /** Warn before sending (spec section 5); the server's refusals are the safety net. */
  readonly needsFiveK: boolean;
  readonly needsAppropriateness: boolean;
};

type Confirmations = { readonly fiveK: boolean; readonly appropriateness: boolean };

/**
 * The purchase button's steps: the 5k confirmation and the appropriateness warning first, then
 * `initInvestment` with one idempotency key per attempt. A refusal opens its dialog (5k,
 * appropriateness, top-up) or shows the server's German message.
 */
export const usePurchaseSubmit = (onStarted: (purchase: PurchaseView) => void) => {
  const [dialog, setDialog] = useState<PurchaseDialog>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [pending, setPending] = useState(false);
  const confirmed = useRef<Confirmations>({ fiveK: false, appropriateness: false });
  const lastInput = useRef<SubmitInput | null>(null);

  const send = useCallback(
    async (input: SubmitInput) => {
      lastInput.current = input;
      setRefusal(null);
      const { fiveK, appropriateness } = confirmed.current;
      if (input.needsFiveK && !fiveK) return setDialog('fiveK');
      if (input.needsAppropriateness && !appropriateness) return setDialog('appropriateness');
      const body: InitInvestmentBody = {
        shares: input.shares,
        ...(fiveK ? { acceptedWarnings: ['Accepted5KLimit'] } : {}),
        ...(appropriateness ? { acknowledgedAppropriateness: true } : {}),
        ...(input.useBonus ? { useBonus: true } : {}),
      };
      setPending(true);
      try {
        onStarted(await initInvestment({ assetId: input.assetId, body, idempotencyKey: crypto.randomUUID() }));
      } catch (error) {
        const action = error instanceof ApiError ? refusalAction(error.code) : 'message';
        const message = error instanceof ApiError ? error.message : '';
        if (action === 'fiveK' || action === 'appropriateness' || action === 'funds') setDialog(action);
        else setRefusal({ action, message });
      } finally {
        setPending(false);
      }
    },
    [onStarted],
  );

  /** The user confirmed the open dialog: remember it and carry on with the same purchase. */
  const confirm = useCallback(
    (which: 'fiveK' | 'appropriateness') => {
      confirmed.current = { ...confirmed.current, [which]: true };
      setDialog(null);
      if (lastInput.current) void send(lastInput.current);
    },
    [send],
  );

  const closeDialog = useCallback(() => setDialog(null), []);
  return { send, confirm, dialog, closeDialog, refusal, pending };
};

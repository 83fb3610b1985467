import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { useTranslation } from '../../../lib/i18n';
import { cancelPurchase } from '../api/cancel-purchase';
import { purchaseQueryKey } from '../api/query-keys';

/** `cancelTransaction`: an unsigned (or unpaid builder-owner) purchase is cancelled and the reservations released. */
export const CancelButton = ({ transactionId }: { readonly transactionId: string }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [state, setState] = useState<'idle' | 'pending' | 'failed'>('idle');
  const cancel = async () => {
    setState('pending');
    try {
      const purchase = await cancelPurchase(transactionId);
      queryClient.setQueryData(purchaseQueryKey(transactionId), purchase);
      setState('idle');
    } catch {
      setState('failed');
      await queryClient.invalidateQueries({ queryKey: purchaseQueryKey(transactionId) });
    }
  };
  return (
    <div className="flex w-full flex-col gap-2">
      {state === 'failed' ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {t('trading.cancelFailed')}
        </p>
      ) : null}
      <Button block variant="secondary" disabled={state === 'pending'} onClick={() => void cancel()}>
        {state === 'pending' ? t('trading.canceling') : t('trading.cancel')}
      </Button>
    </div>
  );
};

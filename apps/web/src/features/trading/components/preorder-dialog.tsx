import { BookmarkPlus } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { BottomSheet } from '../../../components/bottom-sheet';
import { Button } from '../../../components/button';
import { useFamily } from '../../../hooks/use-family';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { useMoneyFormat } from '../../payment-account/hooks/use-money-format';
import { parseAmountInput } from '../../payment-account/lib/parse-amount';
import { preorder } from '../api/preorder';

/** Spec section 2: the pre-booking (reservation) modal, `POST /launchpad/api/v1/asset/preorder`. */
export const PreorderAction = ({ assetId }: { readonly assetId: string }) => {
  const { t } = useTranslation();
  const family = useFamily();
  const format = useMoneyFormat();
  const inputId = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const [pending, setPending] = useState(false);
  const amountCents = parseAmountInput(text);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (amountCents === null || amountCents <= 0n) return;
    setPending(true);
    setMessage(null);
    try {
      const booked = await preorder({ assetId, amountCents });
      setMessage({ tone: 'ok', text: t('trading.preorderDone', { amount: format.eur(booked.amount) }) });
    } catch (error) {
      setMessage({ tone: 'error', text: error instanceof ApiError ? error.message : t('trading.errorGeneric') });
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <Button block variant="ghost" onClick={() => setOpen(true)}>
        <BookmarkPlus aria-hidden="true" className="size-5" />
        {t('trading.preorderTitle')}
      </Button>
      <BottomSheet
        open={open}
        onClose={() => setOpen(false)}
        title={t('trading.preorderTitle')}
        variant={family === 'desktopWeb' ? 'dialog' : 'sheet'}
      >
        <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
          <p className="text-base leading-relaxed text-navy-700">{t('trading.preorderText')}</p>
          <label htmlFor={inputId} className="text-sm font-semibold text-navy-900">
            {t('trading.preorderAmount')}
          </label>
          <input
            id={inputId}
            inputMode="decimal"
            autoComplete="off"
            value={text}
            onChange={(event) => setText(event.target.value)}
            className="h-12 rounded-xl border border-navy-300 bg-white px-4 text-lg tabular-nums text-navy-900 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30"
          />
          {message ? (
            <p
              role={message.tone === 'error' ? 'alert' : 'status'}
              className={`text-sm font-medium ${message.tone === 'error' ? 'text-danger' : 'text-success'}`}
            >
              {message.text}
            </p>
          ) : null}
          <Button type="submit" block disabled={pending || amountCents === null || amountCents <= 0n}>
            {t('trading.preorderSubmit')}
          </Button>
          <Button block variant="ghost" onClick={() => setOpen(false)}>
            {t('common.close')}
          </Button>
        </form>
      </BottomSheet>
    </>
  );
};

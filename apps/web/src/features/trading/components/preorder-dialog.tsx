import { BookmarkPlus } from 'lucide-react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { BottomSheet } from '../../../components/bottom-sheet';
import { Button } from '../../../components/button';
import { Form, SubmitButton, TextField, useZodForm } from '../../../components/form';
import { useFamily } from '../../../hooks/use-family';
import { useMoneyFormat } from '../../../hooks/use-money-format';
import { useTranslation } from '../../../lib/i18n';
import { preorder } from '../api/preorder';
import { preorderAmountCents, preorderForm } from '../lib/trading-forms';

/** Sends once an amount above zero is typed. */
const PreorderButton = () => {
  const { t } = useTranslation();
  const amount: unknown = useWatch({ name: 'amount' });
  return (
    <SubmitButton block disabled={typeof amount !== 'string' || preorderAmountCents(amount) === null}>
      {t('trading.preorderSubmit')}
    </SubmitButton>
  );
};

/** Spec section 2: the pre-booking (reservation) modal, `POST /launchpad/api/v1/asset/preorder`. */
export const PreorderAction = ({ assetId }: { readonly assetId: string }) => {
  const { t } = useTranslation();
  const family = useFamily();
  const format = useMoneyFormat();
  const [open, setOpen] = useState(false);
  const [booked, setBooked] = useState<string | null>(null);
  const form = useZodForm(preorderForm, { defaultValues: { amount: '' } });
  const submit = async ({ amount }: { amount: bigint }) => {
    const preorderView = await preorder({ assetId, amountCents: amount });
    setBooked(t('trading.preorderDone', { amount: format.eur(preorderView.amount) }));
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
        <Form
          form={form}
          onSubmit={submit}
          onSubmitCapture={() => setBooked(null)}
          serverErrors={{ fallback: t('trading.errorGeneric'), errorField: 'amount' }}
          className="flex flex-col gap-4"
        >
          <p className="text-base leading-relaxed text-navy-700">{t('trading.preorderText')}</p>
          <TextField
            name="amount"
            label={t('trading.preorderAmount')}
            inputMode="decimal"
            autoComplete="off"
            className="[&_input]:text-lg [&_input]:tabular-nums"
          />
          {booked ? (
            <p role="status" className="text-sm font-medium text-success">
              {booked}
            </p>
          ) : null}
          <PreorderButton />
          <Button block variant="ghost" onClick={() => setOpen(false)}>
            {t('common.close')}
          </Button>
        </Form>
      </BottomSheet>
    </>
  );
};

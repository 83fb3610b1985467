import { Copy, Hash } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { BottomSheet } from '../../../components/bottom-sheet';
import { Button } from '../../../components/button';
import { Form, SubmitButton, showErrors, TextField, useZodForm } from '../../../components/form';
import { useFamily, useScreenHref } from '../../../hooks/use-family';
import { useTranslation } from '../../../lib/i18n';
import { useShellStore } from '../../../stores/shell-store';
import { getOffer } from '../api/get-offer';
import { offerIdForm } from '../lib/offer-forms';
import { offerScreen } from '../lib/offer-screen';

/** Shows an offer's ID with a copy button (spec section 2: the offer-ID overlay). */
export const OfferIdLine = ({ offerId }: { readonly offerId: string }) => {
  const { t } = useTranslation();
  const showToast = useShellStore((state) => state.showToast);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(offerId);
      showToast(t('bulletinBoard.copied'));
    } catch {
      showToast(t('bulletinBoard.copyFailed'));
    }
  };
  return (
    <div className="flex items-center justify-between gap-3 rounded-xl bg-navy-100 px-4 py-3">
      <div className="min-w-0">
        <p className="text-xs font-semibold uppercase tracking-wide text-navy-700">{t('bulletinBoard.offerId')}</p>
        <p className="mt-0.5 break-all font-mono text-sm font-semibold text-navy-900" data-testid="offer-id">
          {offerId}
        </p>
      </div>
      <button
        type="button"
        onClick={() => void copy()}
        aria-label={t('bulletinBoard.offerIdCopy')}
        className="grid size-11 shrink-0 place-items-center rounded-xl text-brand-text ring-1 ring-inset ring-navy-300 hover:bg-navy-100"
      >
        <Copy aria-hidden="true" className="size-5" />
      </button>
    </div>
  );
};

/** The offer-ID overlay: open an offer someone shared (a private one, typically) by its ID. */
export const OfferIdButton = () => {
  const { t } = useTranslation();
  const family = useFamily();
  const href = useScreenHref();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const form = useZodForm(offerIdForm, { defaultValues: { offerId: '' } });
  const submit = async ({ offerId }: { offerId: string }) => {
    try {
      const offer = await getOffer(offerId);
      setOpen(false);
      await navigate(href(offerScreen(offer)));
    } catch {
      showErrors(form, { fields: { offerId: t('bulletinBoard.notFoundTitle') } });
    }
  };
  return (
    <>
      <Button variant="secondary" className="w-full sm:w-auto" onClick={() => setOpen(true)}>
        <Hash aria-hidden="true" className="size-4" />
        {t('bulletinBoard.offerId')}
      </Button>
      <BottomSheet
        open={open}
        onClose={() => setOpen(false)}
        title={t('bulletinBoard.offerIdTitle')}
        variant={family === 'desktopWeb' ? 'dialog' : 'sheet'}
      >
        <Form
          form={form}
          onSubmit={submit}
          serverErrors={{ fallback: t('bulletinBoard.notFoundTitle') }}
          className="flex flex-col gap-3"
        >
          <p className="text-sm leading-relaxed text-navy-700">{t('bulletinBoard.offerIdText')}</p>
          <TextField
            name="offerId"
            label={t('bulletinBoard.offerId')}
            autoComplete="off"
            spellCheck={false}
            onValueChange={() => form.clearErrors('offerId')}
            className="[&_input]:font-mono [&_input]:text-sm"
          />
          <SubmitButton block>{t('bulletinBoard.offerIdOpen')}</SubmitButton>
        </Form>
      </BottomSheet>
    </>
  );
};

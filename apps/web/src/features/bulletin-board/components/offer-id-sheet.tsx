import { Copy, Hash } from 'lucide-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { BottomSheet } from '../../../components/bottom-sheet';
import { Button } from '../../../components/button';
import { useFamily, useScreenHref } from '../../../hooks/use-family';
import { useTranslation } from '../../../lib/i18n';
import { useShellStore } from '../../../stores/shell-store';
import { getOffer } from '../api/get-offer';
import { offerScreen } from '../lib/offer-screen';

const OFFER_ID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
  const inputId = useId();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async () => {
    const id = value.trim();
    if (!OFFER_ID_SHAPE.test(id)) return setProblem(t('bulletinBoard.offerIdInvalid'));
    setPending(true);
    try {
      const offer = await getOffer(id);
      setOpen(false);
      await navigate(href(offerScreen(offer)));
    } catch {
      setProblem(t('bulletinBoard.notFoundTitle'));
    } finally {
      setPending(false);
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
        <form
          className="flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <p className="text-sm leading-relaxed text-navy-700">{t('bulletinBoard.offerIdText')}</p>
          <label htmlFor={inputId} className="text-sm font-semibold text-navy-900">
            {t('bulletinBoard.offerId')}
          </label>
          <input
            id={inputId}
            value={value}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => {
              setProblem(null);
              setValue(event.target.value);
            }}
            aria-invalid={problem !== null}
            className="h-12 rounded-xl border border-navy-300 bg-white px-4 font-mono text-sm text-navy-900 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30"
          />
          {problem ? (
            <p role="alert" className="text-sm font-medium text-danger">
              {problem}
            </p>
          ) : null}
          <Button type="submit" block disabled={pending}>
            {t('bulletinBoard.offerIdOpen')}
          </Button>
        </form>
      </BottomSheet>
    </>
  );
};

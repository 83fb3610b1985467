import { Copy } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n';
import { useShellStore } from '../../../stores/shell-store';

/** Copies one value (IBAN, BIC) and says so in a toast. */
export const CopyButton = ({ value, label }: { readonly value: string; readonly label: string }) => {
  const { t } = useTranslation();
  const showToast = useShellStore((state) => state.showToast);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      showToast(t('account.copied', { label }));
    } catch {
      showToast(t('account.copyFailed'));
    }
  };
  return (
    <button
      type="button"
      onClick={() => void copy()}
      aria-label={t('account.copy', { label })}
      className="grid size-11 shrink-0 place-items-center rounded-xl text-brand-text ring-1 ring-inset ring-navy-300 hover:bg-navy-100"
    >
      <Copy aria-hidden="true" className="size-5" />
    </button>
  );
};

/** "AT611904300234573201" → "AT61 1904 3002 3457 3201" (easier to read aloud and to compare). */
export const groupIban = (iban: string): string => iban.replace(/(.{4})(?=.)/g, '$1 ');

const IBAN_SHAPE = /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/;

/** A party of a transaction: an IBAN is grouped like everywhere else, a name stays as it is. */
export const partyText = (party: string): string => (IBAN_SHAPE.test(party) ? groupIban(party) : party);

/** One labelled bank detail with its copy button. */
export const BankDetail = ({
  label,
  value,
  display,
  testId,
}: {
  readonly label: string;
  readonly value: string;
  readonly display?: string;
  readonly testId: string;
}) => (
  <div className="flex items-center justify-between gap-3 rounded-xl bg-navy-100 px-4 py-3">
    <div className="min-w-0">
      <dt className="text-xs font-semibold uppercase tracking-wide text-navy-700">{label}</dt>
      <dd
        className="mt-0.5 font-mono text-[15px] font-semibold tracking-tight text-navy-900 sm:text-lg"
        data-testid={testId}
      >
        {display ?? value}
      </dd>
    </div>
    <CopyButton value={value} label={label} />
  </div>
);

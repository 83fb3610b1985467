import { List, Map as MapIcon } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n';

export type MarketplaceView = 'list' | 'map';

export const parseView = (value: string | null): MarketplaceView => (value === 'map' ? 'map' : 'list');

/** List or map (spec section 2: browse assets as a list or a map). */
export const ViewToggle = ({
  value,
  onChange,
}: {
  readonly value: MarketplaceView;
  readonly onChange: (view: MarketplaceView) => void;
}) => {
  const { t } = useTranslation();
  const options = [
    { view: 'list', label: t('marketplace.viewList'), Icon: List },
    { view: 'map', label: t('marketplace.viewMap'), Icon: MapIcon },
  ] as const;
  return (
    <fieldset className="inline-flex self-start rounded-xl bg-navy-100 p-1">
      <legend className="sr-only">{t('marketplace.viewLabel')}</legend>
      {options.map(({ view, label, Icon }) => (
        <button
          key={view}
          type="button"
          aria-pressed={value === view}
          onClick={() => onChange(view)}
          className={`inline-flex min-h-10 items-center gap-2 rounded-lg px-4 text-sm font-semibold transition ${
            value === view ? 'bg-white text-navy-900 shadow-sm' : 'text-navy-700 hover:text-navy-900'
          }`}
        >
          <Icon aria-hidden="true" className="size-4" />
          {label}
        </button>
      ))}
    </fieldset>
  );
};

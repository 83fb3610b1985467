import { type MarketplaceFilter, marketplaceFilters, parseMarketplaceFilter } from '@bw/domain';
import { useTranslation } from '../../../lib/i18n';

export type FilterBarProps = {
  readonly value: MarketplaceFilter;
  readonly onChange: (filter: MarketplaceFilter) => void;
};

/** The marketplace filters of spec section 2, as a row of toggle chips (scrolls sideways on phones). */
export const FilterBar = ({ value, onChange }: FilterBarProps) => {
  const { t } = useTranslation();
  return (
    <fieldset className="-mx-4 min-w-0 px-4 md:mx-0 md:px-0">
      <legend className="sr-only">{t('marketplace.filterLabel')}</legend>
      <div className="flex gap-2 overflow-x-auto pb-1 [scrollbar-width:none] md:flex-wrap md:overflow-visible">
        {marketplaceFilters.map((filter) => {
          const active = filter === value;
          return (
            <button
              key={filter}
              type="button"
              aria-pressed={active}
              onClick={() => onChange(filter)}
              className={`min-h-10 shrink-0 whitespace-nowrap rounded-full px-4 text-sm font-medium transition ${
                active
                  ? 'bg-navy-900 text-white'
                  : 'bg-white text-navy-900 ring-1 ring-inset ring-navy-300 hover:bg-navy-100'
              }`}
            >
              {t(`filters.${filter}`)}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
};

/** Reads `?filter=` leniently: anything unknown is "all" (the server's photo preload reads it the same way). */
export const parseFilter = parseMarketplaceFilter;

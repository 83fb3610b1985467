import type { AssetDetail, AssetDocument } from '@bw/contracts';
import { FileText, LogIn, Newspaper } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Button } from '../../../../components/button';
import { EmptyState } from '../../../../components/empty-state';
import { useTranslation } from '../../../../lib/i18n';
import { useShellStore } from '../../../../stores/shell-store';
import { useFormat } from '../../hooks/use-format';
import { FactList, Note, Panel } from './fact-list';

const AssetMap = lazy(() => import('../asset-map').then((module) => ({ default: module.AssetMap })));

type SectionProps = { readonly asset: AssetDetail };

/** Location: the address and the asset on the map. */
export const LocationSection = ({ asset }: SectionProps) => {
  const { t } = useTranslation();
  const format = useFormat();
  const a = asset.address;
  return (
    <Panel title={t('asset.locationTitle')} id="location-title">
      <Suspense fallback={<div className="aspect-[4/3] animate-pulse rounded-2xl bg-navy-100 md:aspect-[16/9]" />}>
        <AssetMap
          assets={[asset]}
          label={t('asset.locationMap', { title: asset.title })}
          offlineText={t('asset.locationMapOffline')}
        />
      </Suspense>
      <FactList
        facts={[
          { label: t('asset.address'), value: `${a.street} ${a.houseNumber}, ${a.postalCode} ${a.city}` },
          { label: t('asset.region'), value: `${a.region}, ${a.countryCode}` },
          {
            label: t('asset.coordinates'),
            value: `${format.decimal(a.latitude, 4)}, ${format.decimal(a.longitude, 4)}`,
          },
        ]}
      />
    </Panel>
  );
};

/** Records (AssetRecords): news from the asset, newest first. */
export const RecordsSection = ({ asset }: SectionProps) => {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Panel title={t('asset.recordsTitle')} id="records-title">
      {asset.records.length === 0 ? (
        <EmptyState icon={Newspaper} title={t('asset.recordsEmpty')} />
      ) : (
        <ol className="flex flex-col gap-3">
          {asset.records.map((record) => (
            <li key={record.id} className="flex gap-4 rounded-2xl bg-white p-4 ring-1 ring-navy-100">
              {record.imageUrl ? (
                <img src={record.imageUrl} alt="" loading="lazy" className="size-16 shrink-0 rounded-xl object-cover" />
              ) : null}
              <div className="flex flex-col gap-1">
                <time dateTime={record.recordedOn} className="text-xs text-navy-700">
                  {format.day(record.recordedOn)}
                </time>
                <h3 className="text-base font-semibold text-navy-900">{record.title}</h3>
                <p className="text-sm leading-relaxed text-navy-700">{record.body}</p>
              </div>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
};

const DocumentLink = ({ document }: { readonly document: AssetDocument }) => {
  const { t } = useTranslation();
  return (
    <li>
      <a
        href={document.url}
        target="_blank"
        rel="noopener"
        aria-label={t('asset.documentOpen', { title: document.title })}
        className="flex min-h-14 items-center gap-3 rounded-2xl bg-white px-4 py-3 ring-1 ring-navy-100 hover:ring-navy-300"
      >
        <FileText aria-hidden="true" className="size-5 shrink-0 text-brand-text" />
        <span className="flex flex-col">
          <span className="text-sm font-semibold text-navy-900">{document.title}</span>
          <span className="text-xs text-navy-700">PDF · {document.fileName}</span>
        </span>
      </a>
    </li>
  );
};

/** Documents: the asset's own PDFs and the contract documents the middleware renders. */
export const DocumentsSection = ({ asset }: SectionProps) => {
  const { t } = useTranslation();
  const none = asset.documents.length === 0 && asset.middlewareDocuments.length === 0;
  return (
    <Panel title={t('asset.documentsTitle')} id="documents-title">
      {none ? (
        <EmptyState icon={FileText} title={t('asset.documentsEmpty')} />
      ) : (
        <div className="flex flex-col gap-4">
          <ul className="flex flex-col gap-2">
            {asset.documents.map((document) => (
              <DocumentLink key={document.id} document={document} />
            ))}
          </ul>
          {asset.middlewareDocuments.length > 0 ? (
            <div className="flex flex-col gap-2">
              <h3 className="text-base font-semibold text-navy-900">{t('asset.documentsContracts')}</h3>
              <ul className="flex flex-col gap-2">
                {asset.middlewareDocuments.map((document) => (
                  <DocumentLink key={document.id} document={document} />
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      )}
    </Panel>
  );
};

/** My investment: the caller's shares in this asset (guests are asked to log in). */
export const MyInvestmentSection = ({ asset }: SectionProps) => {
  const { t } = useTranslation();
  const format = useFormat();
  const loggedIn = useShellStore((state) => state.user !== null);
  const openGuestDialog = useShellStore((state) => state.openGuestDialog);
  const body = () => {
    if (!loggedIn)
      return (
        <div className="flex flex-col items-start gap-3 rounded-2xl bg-white p-4 ring-1 ring-navy-100">
          <p className="text-sm text-navy-700">{t('asset.myInvestmentGuest')}</p>
          <Button variant="secondary" onClick={openGuestDialog}>
            <LogIn aria-hidden="true" className="size-4" />
            {t('asset.myInvestmentLogin')}
          </Button>
        </div>
      );
    if (asset.shares === 0) return <Note>{t('asset.myInvestmentNone')}</Note>;
    return (
      <FactList
        facts={[
          { label: t('asset.myShares'), value: t('asset.sharesValue', { count: asset.shares }) },
          { label: t('asset.myValue'), value: format.eur(BigInt(asset.pricePerShareCents) * BigInt(asset.shares)) },
        ]}
      />
    );
  };
  return (
    <Panel title={t('asset.myInvestmentTitle')} id="my-investment-title">
      {body()}
    </Panel>
  );
};

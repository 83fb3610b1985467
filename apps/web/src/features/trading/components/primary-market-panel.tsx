import type { AssetDetail, PurchaseView } from '@bw/contracts';
import { INVESTING_USER_STATUSES, isBuilderOwner } from '@bw/domain';
import { Info, Landmark, ShoppingCart } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClass } from '../../../components/button';
import { useScreenHref } from '../../../hooks/use-family';
import { useTranslation } from '../../../lib/i18n';
import { useShellStore } from '../../../stores/shell-store';
import { usePaymentAccount } from '../../payment-account/api/payment-account';
import { useBonusForInvestment } from '../api/bonus';
import { appropriatenessOf, useInvestorProfile } from '../api/get-investor-profile';
import { usePurchaseSubmit } from '../hooks/use-purchase-submit';
import { PURCHASE_PARAM } from '../lib/market-tabs';
import { draftTotals, initialShares, needsFiveKConfirmation, sharesProblem } from '../lib/purchase-draft';
import { AmountCard } from './amount-card';
import { BonusCard } from './bonus-card';
import { DocumentsCard } from './documents-card';
import { OverviewCard } from './overview-card';
import { PreorderAction } from './preorder-dialog';
import { PurchaseDialogs } from './purchase-dialogs';
import { RefusalNote } from './refusal-note';

/** The agreements of a purchase: the rendered authorization and buy contract, and the key information sheet. */
const PURCHASE_DOCUMENT_KINDS: ReadonlySet<string> = new Set(['keyInformation']);

const UnverifiedNote = () => {
  const { t } = useTranslation();
  const href = useScreenHref();
  return (
    <div className="flex flex-col gap-3 rounded-xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200">
      <p>{t('trading.unverified')}</p>
      <Link to={href({ key: 'identification' })} className={buttonClass('secondary', true, 'sm')}>
        {t('trading.unverifiedAction')}
      </Link>
    </div>
  );
};

const PurchaseForm = ({ asset }: { readonly asset: AssetDetail }) => {
  const { t } = useTranslation();
  const [, setParams] = useSearchParams();
  const feeBps = useShellStore((state) => state.fees.transactionFeeBps);
  const bankWire = isBuilderOwner(asset.securityType);
  const profile = useInvestorProfile();
  const account = usePaymentAccount();
  const bonus = useBonusForInvestment(asset.id).data?.bonus ?? null;
  const [shares, setShares] = useState(() => initialShares(asset));
  const [useBonus, setUseBonus] = useState(true);
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const documents = useMemo(
    () => [...asset.middlewareDocuments, ...asset.documents.filter((doc) => PURCHASE_DOCUMENT_KINDS.has(doc.kind))],
    [asset],
  );
  const totals = draftTotals(shares, asset, feeBps, bonus, useBonus);
  const problem = sharesProblem(shares, asset);
  const rating = profile.data ? appropriatenessOf(profile.data, asset.securityType) : null;
  const allChecked = documents.every((doc) => checked.has(doc.id));
  // Spec sections 5 and 6: only verified users invest; say so before the server refuses.
  const unverified = profile.data !== undefined && !INVESTING_USER_STATUSES.has(profile.data.status);
  const onStarted = useCallback(
    (purchase: PurchaseView) =>
      setParams((params) => {
        params.set(PURCHASE_PARAM, purchase.transactionId);
        return params;
      }),
    [setParams],
  );
  const submit = usePurchaseSubmit(onStarted);
  const toggle = (id: string, on: boolean) =>
    setChecked((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const buy = () =>
    void submit.send({
      assetId: asset.id,
      shares,
      useBonus: useBonus && totals.bonusCents > 0n,
      needsFiveK: needsFiveKConfirmation(totals),
      needsAppropriateness: rating !== null && rating !== 'Appropriate',
    });
  const available = !bankWire && account.data ? BigInt(account.data.availableAmount) : null;
  const short = available !== null && totals.totalCents > available;

  return (
    <div className="grid gap-5 md:grid-cols-[minmax(0,1fr)_22rem] md:items-start">
      <div className="flex min-w-0 flex-col gap-5">
        <AmountCard asset={asset} shares={shares} problem={shares === 0 ? null : problem} onChange={setShares} />
        <BonusCard assetId={asset.id} bonus={bonus} useBonus={useBonus} onUseBonus={setUseBonus} />
        <DocumentsCard documents={documents} checked={checked} onToggle={toggle} />
      </div>
      <div className="md:sticky md:top-24">
        <OverviewCard totals={totals} feeBps={feeBps} availableCents={available}>
          {short ? <p className="text-sm font-medium text-danger">{t('trading.balanceLow')}</p> : null}
          {bankWire ? (
            <p className="flex items-start gap-2 text-sm text-navy-700">
              <Landmark aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {t('trading.bankWireNote')}
            </p>
          ) : null}
          {rating !== null && rating !== 'Appropriate' ? (
            <p className="flex items-start gap-2 rounded-xl bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
              <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {t('trading.appropriatenessNote')}
            </p>
          ) : null}
          {unverified ? <UnverifiedNote /> : null}
          {submit.refusal ? <RefusalNote {...submit.refusal} /> : null}
          <Button block onClick={buy} disabled={submit.pending || unverified || problem !== null || !allChecked}>
            <ShoppingCart aria-hidden="true" className="size-5" />
            {submit.pending ? t('trading.buying') : t('trading.buy')}
          </Button>
          {bankWire ? <PreorderAction assetId={asset.id} /> : null}
        </OverviewCard>
      </div>
      <PurchaseDialogs
        dialog={submit.dialog}
        rating={rating}
        builderOwner={bankWire}
        onConfirm={submit.confirm}
        onClose={submit.closeDialog}
      />
    </div>
  );
};

/** The primary tab: buying from the issuer during the financing phase (spec sections 1, 2 and 4). */
export const PrimaryMarketPanel = ({ asset }: { readonly asset: AssetDetail }) => {
  const { t } = useTranslation();
  if (asset.stage !== 'primary' || asset.availableShares === 0)
    return (
      <p className="rounded-2xl bg-white px-4 py-4 text-sm leading-relaxed text-navy-700 ring-1 ring-navy-100">
        {t('trading.notPrimary')}
      </p>
    );
  return <PurchaseForm asset={asset} />;
};

import { Gift, Share2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { useMoneyFormat } from '../../../hooks/use-money-format';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { useReferralLink } from '../api/get-referral-link';

const COPIED_MS = 2_000;

/**
 * The referral info card (spec section 2; issue 25): the investor's link and code, the terms, and
 * copy or share (the system share sheet where the device has one). Hidden while the partner has no
 * programme; a hint before the identification is complete.
 */
export const ReferralCard = () => {
  const { t } = useTranslation();
  const format = useMoneyFormat();
  const link = useReferralLink();
  const [copied, setCopied] = useState(false);
  if (link.isPending) return null;
  if (link.isError)
    return link.error instanceof ApiError && link.error.status === 403 ? (
      <p className="rounded-2xl bg-white p-5 text-sm text-navy-700 ring-1 ring-navy-100">
        {t('bonuses.referralUnavailable')}
      </p>
    ) : null;
  const data = link.data;
  const copy = async () => {
    await navigator.clipboard.writeText(data.referralLink);
    setCopied(true);
    setTimeout(() => setCopied(false), COPIED_MS);
  };
  const share = () =>
    navigator.share({ title: t('bonuses.referralShareTitle'), url: data.referralLink }).catch(() => {});
  return (
    <section
      aria-labelledby="referral-title"
      data-testid="referral-card"
      className="flex flex-col gap-3 rounded-2xl bg-white p-5 ring-1 ring-navy-100"
    >
      <div className="flex items-center gap-3">
        <Gift aria-hidden="true" className="size-7 text-brand-text" strokeWidth={1.75} />
        <h2 id="referral-title" className="text-lg font-semibold text-navy-900">
          {t('bonuses.referralTitle')}
        </h2>
      </div>
      <p className="text-sm leading-relaxed text-navy-700">
        {t('bonuses.referralText', {
          minimum: format.eur(data.minimumInvestment),
          referrer: format.eur(data.referrerBonus),
          referee: format.eur(data.refereeBonus),
        })}
      </p>
      <div className="flex flex-col gap-1">
        <span className="text-xs text-navy-500">{t('bonuses.referralCode')}</span>
        <span className="font-mono text-lg font-semibold tracking-widest text-navy-900" data-testid="referral-code">
          {data.referralCode}
        </span>
        <span className="break-all text-xs text-navy-500" data-testid="referral-link">
          {data.referralLink}
        </span>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void copy()}>
          {copied ? t('bonuses.referralCopied') : t('bonuses.referralCopy')}
        </Button>
        {typeof navigator.share === 'function' ? (
          <Button variant="ghost" onClick={() => void share()}>
            <Share2 aria-hidden="true" className="size-4" />
            {t('bonuses.referralShare')}
          </Button>
        ) : null}
      </div>
    </section>
  );
};

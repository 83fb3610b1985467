import { ArrowRight, BellRing } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { screenHref } from '../../../config/paths';
import { useFamily } from '../../../hooks/use-family';
import { useTranslation } from '../../../lib/i18n';
import { useOpenStep } from '../api/get-open-step-user';
import { openStepScreen } from '../lib/open-step';

const messages = {
  register: 'openStep.register',
  identification: 'openStep.identification',
  signature: 'openStep.signature',
  securityApp: 'openStep.securityApp',
} as const;

/** Spec section 4: the header reminds the logged-in user of the open step, with a link to where it is done. */
export const OpenStepBanner = ({ email }: { readonly email: string }) => {
  const { t } = useTranslation();
  const family = useFamily();
  const { pathname } = useLocation();
  const { step, own } = useOpenStep(email);
  const { refetch, isStale } = own;
  // A step done elsewhere (another screen, another device) clears the reminder on the next navigation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation re-reads a stale user
  useEffect(() => {
    if (isStale) void refetch();
  }, [pathname]);
  if (!step) return null;
  const target = screenHref(family, openStepScreen(step));
  const here = pathname === target.split('?')[0];
  const reachable = target !== screenHref(family, { key: 'marketplace' });
  if (here) return null;
  return (
    <aside
      aria-label={t('openStep.label')}
      data-testid="open-step-banner"
      data-step={step}
      className="border-b border-navy-100 bg-navy-100/60"
    >
      <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-2.5 text-sm text-navy-900 sm:px-8">
        <BellRing aria-hidden="true" className="size-4 shrink-0 text-brand-text" />
        <p className="flex-1">{t(messages[step])}</p>
        {reachable && (
          <Link
            to={target}
            className="inline-flex min-h-10 shrink-0 items-center gap-1 rounded-lg px-2 font-semibold text-brand-text hover:bg-white"
          >
            {t('openStep.action')}
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        )}
      </div>
    </aside>
  );
};

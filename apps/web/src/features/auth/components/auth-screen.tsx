import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';

export type AuthScreenProps = {
  readonly title: string;
  readonly text?: string;
  /** Progress of a multi-step flow (registration, reset). */
  readonly step?: { readonly current: number; readonly total: number };
  readonly children?: ReactNode;
  readonly footer?: ReactNode;
};

/** One calm card per step, one primary action (docs/style.md "Look and voice"). */
export const AuthScreen = ({ title, text, step, children, footer }: AuthScreenProps) => {
  const { t } = useTranslation();
  return (
    <section className="mx-auto w-full max-w-md px-4 py-6 sm:py-12">
      <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-navy-100 sm:p-8">
        {step ? (
          <div className="mb-5">
            <p className="text-sm font-medium text-navy-700" data-testid="auth-step">
              {t('register.stepOf', { current: step.current, total: step.total })}
            </p>
            <div
              className="mt-2 h-1.5 overflow-hidden rounded-full bg-navy-100"
              role="progressbar"
              aria-valuemin={1}
              aria-valuemax={step.total}
              aria-valuenow={step.current}
              aria-label={t('register.stepOf', { current: step.current, total: step.total })}
            >
              <div
                className="h-full rounded-full bg-brand"
                style={{ width: `${(step.current / step.total) * 100}%` }}
              />
            </div>
          </div>
        ) : null}
        <h1 className="text-2xl font-bold tracking-tight text-navy-900">{title}</h1>
        {text ? <p className="mt-2 text-base leading-relaxed text-navy-700 [overflow-wrap:anywhere]">{text}</p> : null}
        {children ? <div className="mt-6">{children}</div> : null}
      </div>
      {footer ? <div className="mt-6 text-center text-sm text-navy-700">{footer}</div> : null}
    </section>
  );
};

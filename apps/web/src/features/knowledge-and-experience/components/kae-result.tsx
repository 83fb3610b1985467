import type { ComplianceInformationView } from '@bw/contracts';
import { securityTypes } from '@bw/domain';
import { CircleCheck, CircleHelp, TriangleAlert } from 'lucide-react';
import { Button } from '../../../components/button';
import { useTranslation } from '../../../lib/i18n';

type Props = {
  readonly compliance: ComplianceInformationView;
  readonly onChange: () => void;
  readonly onDone: () => void;
};

const card = 'rounded-2xl bg-white p-6 shadow-sm ring-1 ring-navy-100';

/** The result at the end: the overall rating and the rating of every product type (spec sections 3 and 5). */
export const KaeResult = ({ compliance, onChange, onDone }: Props) => {
  const { t } = useTranslation();
  const status = compliance.knowledgeAndExperienceStatus;
  const boundary = compliance.knowledgeAndExperienceBoundary;
  const Icon = status === 'Appropriate' ? CircleCheck : status === 'NotAppropriate' ? TriangleAlert : CircleHelp;
  const summary =
    status === 'Appropriate'
      ? t('kae.resultAppropriate')
      : status === 'NotAppropriate'
        ? t('kae.resultNotAppropriate')
        : t('kae.resultNotProvided');
  return (
    <div className="flex flex-col gap-6">
      <section className={card} aria-labelledby="kae-result-title">
        <div className="flex items-center gap-3">
          <span
            className={`grid size-12 shrink-0 place-items-center rounded-2xl ${status === 'Appropriate' ? 'bg-emerald-50 text-emerald-700' : 'bg-amber-50 text-amber-700'}`}
          >
            <Icon aria-hidden className="size-6" />
          </span>
          <div>
            <h2 id="kae-result-title" className="text-sm font-medium text-navy-700">
              {t('kae.resultTitle')}
            </h2>
            <p className="text-xl font-bold text-navy-900" data-testid="kae-status">
              {t(`kaeRatings.${status}`)}
            </p>
          </div>
        </div>
        <p className="mt-4 text-base text-navy-700">{summary}</p>
      </section>
      {boundary && (
        <section className={card} aria-labelledby="kae-per-type">
          <h2 id="kae-per-type" className="mb-3 text-lg font-semibold text-navy-900">
            {t('kae.resultPerType')}
          </h2>
          <ul className="divide-y divide-navy-100">
            {securityTypes.map((type) => (
              <li
                key={type}
                className="flex flex-col items-start gap-2 py-3 text-base sm:flex-row sm:items-center sm:justify-between sm:gap-4"
              >
                <span className="min-w-0 text-navy-900 hyphens-auto">{t(`securityTypes.${type}`)}</span>
                <span
                  className={`shrink-0 rounded-full px-3 py-1 text-sm font-semibold ${boundary[type] === 'Appropriate' ? 'bg-emerald-50 text-emerald-800' : 'bg-amber-50 text-amber-800'}`}
                >
                  {t(`kaeRatings.${boundary[type]}`)}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <div className="flex flex-col gap-3 sm:flex-row-reverse sm:justify-start">
        <Button onClick={onDone}>{t('kae.done')}</Button>
        <Button variant="secondary" onClick={onChange}>
          {status === 'NotProvided' ? t('kae.answerNow') : t('kae.change')}
        </Button>
      </div>
    </div>
  );
};

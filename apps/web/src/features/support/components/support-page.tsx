import { HelpCircle, MessageSquare, PhoneCall, Search } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { useScreenHref } from '../../../hooks/use-family';
import { useTranslation } from '../../../lib/i18n';
import { FeedbackButton } from '../../feedback/components/feedback-button';
import { useSupportQuestions } from '../api/support';

/** Spec section 2 `support`: question search over the FAQ, write us, call back. */
export const SupportPage = () => {
  const { t } = useTranslation();
  const href = useScreenHref();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query.trim());
  const questions = useSupportQuestions(deferred);
  const list = questions.data?.questions ?? [];
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-4 py-6 md:py-10">
      <h1 className="text-2xl font-bold text-navy-900 md:text-3xl">{t('support.title')}</h1>
      <label className="flex flex-col gap-2">
        <span className="text-sm font-semibold text-navy-900">{t('support.searchLabel')}</span>
        <span className="relative">
          <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-3.5 size-5 text-navy-500" />
          <input
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={t('support.searchPlaceholder')}
            className="min-h-12 w-full rounded-xl bg-white pl-11 pr-4 text-base ring-1 ring-navy-300 focus:ring-2 focus:ring-brand"
            data-testid="support-search"
          />
        </span>
      </label>
      <div className="grid gap-3 sm:grid-cols-2">
        <Link to={href({ key: 'supportWriteUs' })} className={buttonClass('secondary', true)}>
          <MessageSquare aria-hidden="true" className="mr-2 size-5" />
          {t('support.writeUs')}
        </Link>
        <Link to={href({ key: 'supportCallBack' })} className={buttonClass('secondary', true)}>
          <PhoneCall aria-hidden="true" className="mr-2 size-5" />
          {t('support.callBack')}
        </Link>
      </div>
      <FeedbackButton />
      <h2 className="text-lg font-semibold text-navy-900">{t('support.faqTitle')}</h2>
      {questions.isPending ? (
        <div className="h-40 animate-pulse rounded-2xl bg-navy-100" aria-busy="true" />
      ) : list.length === 0 ? (
        <EmptyState icon={HelpCircle} title={t('support.noResults')} />
      ) : (
        <ul className="flex flex-col gap-2" data-testid="support-results" aria-live="polite">
          {list.map((item) => (
            <li key={item.id}>
              <details className="group rounded-2xl bg-white p-4 ring-1 ring-navy-100" data-testid="support-question">
                <summary className="cursor-pointer list-none text-base font-semibold text-navy-900">
                  {item.question}
                </summary>
                <p className="mt-2 text-sm leading-relaxed text-navy-700">{item.answer}</p>
              </details>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
};

export const Component = SupportPage;

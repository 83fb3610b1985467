import type { ComplianceInformationView } from '@bw/contracts';
import { ClipboardList } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/button';
import { screenHref } from '../../../config/paths';
import { useFamily } from '../../../hooks/use-family';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { useKnowledgeAndExperience } from '../api/get-knowledge-and-experience';
import { type SaveKae, useSaveKnowledgeAndExperience } from '../api/save-knowledge-and-experience';
import {
  type Draft,
  draftOf,
  emptyDraft,
  type Flow,
  isStepComplete,
  type StepKey,
  stepsOf,
  toAnswers,
} from '../lib/questionnaire';
import { KaeResult } from './kae-result';
import { QuestionStep } from './question-step';
import { SkipDialog } from './skip-dialog';

const card = 'rounded-2xl bg-white p-6 shadow-sm ring-1 ring-navy-100';

const stepTitles = {
  basicQuestions: 'kae.stepBasicQuestions',
  riskAppetite: 'kae.stepRiskAppetite',
  investHorizon: 'kae.stepInvestHorizon',
  investmentCapital: 'kae.stepInvestmentCapital',
  financialProducts: 'kae.stepFinancialProducts',
  specificProducts: 'kae.stepSpecificProducts',
  investmentServices: 'kae.stepInvestmentServices',
  transactionCount: 'kae.stepTransactionCount',
  investmentPerTransaction: 'kae.stepInvestmentPerTransaction',
} as const satisfies Record<StepKey, string>;

type View =
  | { readonly kind: 'info' }
  | { readonly kind: 'questions'; readonly flow: Flow; readonly index: number }
  | { readonly kind: 'result' };

/**
 * Spec sections 2 and 4, knowledge-and-experience (and building/knowledge-and-experience): the info,
 * then the old or the new flow one step at a time, or the skip after its confirmation; the
 * appropriateness rating at the end. Answered before: the result first, with "change answers".
 */
export const KnowledgeAndExperiencePage = () => {
  const { t } = useTranslation();
  const query = useKnowledgeAndExperience();
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-6 sm:px-8 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight text-navy-900">{t('routes.knowledgeAndExperience')}</h1>
      {query.data ? (
        <Questionnaire compliance={query.data} />
      ) : query.isError ? (
        <div className="flex flex-col items-start gap-3">
          <p role="alert" className="text-base text-red-700">
            {t('kae.failed')}
          </p>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {t('kae.next')}
          </Button>
        </div>
      ) : (
        <div aria-busy className={`${card} h-64 animate-pulse`}>
          <span className="sr-only">{t('kae.loading')}</span>
        </div>
      )}
    </div>
  );
};

const Questionnaire = ({ compliance }: { readonly compliance: ComplianceInformationView }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const family = useFamily();
  const status = compliance.knowledgeAndExperienceStatus;
  const [view, setView] = useState<View>(status === 'NoInformation' ? { kind: 'info' } : { kind: 'result' });
  const [draft, setDraft] = useState<Draft>(() => draftOf(compliance.knowledgeAndExperience));
  const [skipOpen, setSkipOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveKnowledgeAndExperience(status);
  const top = useRef<HTMLDivElement>(null);
  const shown = useRef(false);
  // A new step or the result starts at its top, with the focus on it (not where the last "next" was).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of the view
  useEffect(() => {
    if (!shown.current) {
      shown.current = true;
      return;
    }
    window.scrollTo({ top: 0 });
    top.current?.focus({ preventScroll: true });
  }, [view]);

  const send = (request: SaveKae) => {
    setError(null);
    save.mutate(request, {
      onSuccess: () => {
        setSkipOpen(false);
        setView({ kind: 'result' });
      },
      onError: (caught) => {
        setSkipOpen(false);
        setError(caught instanceof ApiError ? caught.message : t('kae.failed'));
      },
    });
  };
  const start = (flow: Flow) => {
    setError(null);
    if (compliance.knowledgeAndExperience?.flow !== flow) setDraft(emptyDraft);
    setView({ kind: 'questions', flow, index: 0 });
  };

  const wrap = (node: ReactNode) => (
    <div ref={top} tabIndex={-1} className="outline-none">
      {node}
    </div>
  );
  if (view.kind === 'result') {
    return wrap(
      <KaeResult
        compliance={compliance}
        onChange={() => setView({ kind: 'info' })}
        onDone={() => void navigate(screenHref(family, { key: 'marketplace' }))}
      />,
    );
  }

  const errorLine = error && (
    <p role="alert" className="text-sm text-red-700">
      {error}
    </p>
  );

  if (view.kind === 'info') {
    return wrap(
      <section className={`${card} flex flex-col gap-4`} aria-labelledby="kae-info">
        <span className="grid size-12 place-items-center rounded-2xl bg-navy-100 text-brand-text">
          <ClipboardList aria-hidden className="size-6" />
        </span>
        <h2 id="kae-info" className="text-xl font-semibold text-navy-900">
          {t('kae.infoTitle')}
        </h2>
        <p className="text-base text-navy-700">{t('kae.infoText')}</p>
        <p className="text-base text-navy-700">{t('kae.infoPoints')}</p>
        {errorLine}
        <div className="mt-2 flex flex-col gap-3">
          <Button block onClick={() => start('new')}>
            {t('kae.start')}
          </Button>
          <Button block variant="secondary" onClick={() => start('old')}>
            {t('kae.startDetailed')}
          </Button>
          {status !== 'NotProvided' && (
            <Button block variant="ghost" onClick={() => setSkipOpen(true)}>
              {t('kae.skip')}
            </Button>
          )}
        </div>
        <SkipDialog
          open={skipOpen}
          pending={save.isPending}
          onCancel={() => setSkipOpen(false)}
          onConfirm={() => send({ kind: 'skip', body: { confirmNoAppropriatenessCheck: true } })}
        />
      </section>,
    );
  }

  const steps = stepsOf(view.flow, draft);
  const index = Math.min(view.index, steps.length - 1);
  const step = steps[index] ?? steps[0];
  if (!step) return null;
  const last = index === steps.length - 1;
  const complete = isStepComplete(step, draft);
  const next = () => {
    if (!last) {
      setView({ ...view, index: index + 1 });
      return;
    }
    const answers = toAnswers(view.flow, draft);
    if (answers) send({ kind: 'answers', body: answers });
  };
  return wrap(
    <section className={`${card} flex flex-col gap-6`} aria-labelledby="kae-step">
      <div className="flex flex-col gap-2">
        <p className="text-sm font-medium text-navy-700">
          {t('kae.stepOf', { current: index + 1, total: steps.length })}
        </p>
        <div
          className="h-1.5 overflow-hidden rounded-full bg-navy-100"
          role="progressbar"
          aria-valuemin={1}
          aria-valuemax={steps.length}
          aria-valuenow={index + 1}
        >
          <div
            className="h-full rounded-full bg-brand transition-all"
            style={{ width: `${((index + 1) / steps.length) * 100}%` }}
          />
        </div>
        <h2 id="kae-step" className="mt-2 text-xl font-semibold text-navy-900">
          {t(stepTitles[step])}
        </h2>
      </div>
      <QuestionStep step={step} draft={draft} onChange={setDraft} />
      {errorLine}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button
          variant="secondary"
          onClick={() => setView(index === 0 ? { kind: 'info' } : { ...view, index: index - 1 })}
        >
          {t('kae.back')}
        </Button>
        <Button disabled={!complete || save.isPending} onClick={next}>
          {last ? (save.isPending ? t('kae.sending') : t('kae.submit')) : t('kae.next')}
        </Button>
      </div>
    </section>,
  );
};

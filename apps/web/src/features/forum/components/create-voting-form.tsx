import type { VotingView } from '@bw/contracts';
import { ArrowLeft } from 'lucide-react';
import { Form, FormError, SubmitButton, TextAreaField, TextField, useZodForm } from '../../../components/form';
import { useTranslation } from '../../../lib/i18n';
import { createVoting } from '../api/create-voting';
import { createVotingForm, votingOptionsOf } from '../lib/forum-forms';

/** Spec section 2: create a voting (a suggestion with up to three options to start). */
export const CreateVotingForm = ({
  assetId,
  onBack,
  onCreated,
}: {
  readonly assetId: string;
  readonly onBack: () => void;
  readonly onCreated: (voting: VotingView) => void;
}) => {
  const { t } = useTranslation();
  const form = useZodForm(createVotingForm, {
    defaultValues: { title: '', theme: '', description: '', option1: '', option2: '', option3: '' },
  });
  return (
    <div className="flex flex-col gap-4">
      <button
        type="button"
        onClick={onBack}
        className="inline-flex min-h-10 items-center gap-1 self-start text-sm font-semibold text-brand-text"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('forum.back')}
      </button>
      <h3 className="text-xl font-semibold text-navy-900">{t('forum.createTitle')}</h3>
      <p className="text-sm text-navy-700">{t('forum.createText')}</p>
      <Form
        form={form}
        onSubmit={async (values) =>
          onCreated(
            await createVoting({
              assetId,
              title: values.title,
              theme: values.theme,
              description: values.description,
              options: votingOptionsOf(values),
            }),
          )
        }
        serverErrors={{ fallback: t('forum.genericError') }}
        className="flex flex-col gap-4 rounded-2xl bg-white p-4 ring-1 ring-navy-100"
      >
        <FormError />
        <TextField name="title" label={t('forum.votingTitle')} />
        <TextField name="theme" label={t('forum.theme')} />
        <TextAreaField name="description" label={t('forum.description')} rows={4} />
        <TextField name="option1" label={t('forum.option', { n: '1' })} />
        <TextField name="option2" label={t('forum.option', { n: '2' })} />
        <TextField name="option3" label={t('forum.option', { n: '3' })} />
        <SubmitButton block>{t('forum.submitSuggestion')}</SubmitButton>
      </Form>
    </div>
  );
};

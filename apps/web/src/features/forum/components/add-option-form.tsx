import type { VotingView } from '@bw/contracts';
import { Form, FormError, SubmitButton, TextField, useZodForm } from '../../../components/form';
import { useTranslation } from '../../../lib/i18n';
import { addOption } from '../api/add-option';
import { optionForm } from '../lib/forum-forms';

/** Spec section 2: add an option to a voting that has not started. */
export const AddOptionForm = ({
  assetId,
  votingId,
  onAdded,
}: {
  readonly assetId: string;
  readonly votingId: string;
  readonly onAdded: (voting: VotingView) => void;
}) => {
  const { t } = useTranslation();
  const form = useZodForm(optionForm, { defaultValues: { title: '', description: '' } });
  return (
    <Form
      form={form}
      onSubmit={async (values) => {
        onAdded(await addOption({ assetId, votingId }, values));
        form.reset();
      }}
      serverErrors={{ fallback: t('forum.genericError') }}
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-navy-100"
      aria-label={t('forum.addOption')}
    >
      <h4 className="text-base font-semibold text-navy-900">{t('forum.addOption')}</h4>
      <FormError />
      <TextField name="title" label={t('forum.optionTitle')} />
      <TextField name="description" label={t('forum.optionDescription')} />
      <SubmitButton variant="secondary">{t('forum.addOptionSubmit')}</SubmitButton>
    </Form>
  );
};

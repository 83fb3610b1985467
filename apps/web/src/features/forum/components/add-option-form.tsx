import type { FileRef, VotingView } from '@bw/contracts';
import { useState } from 'react';
import { AttachmentPicker } from '../../../components/attachment-picker';
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
  const [files, setFiles] = useState<FileRef[]>([]);
  const [uploading, setUploading] = useState(false);
  return (
    <Form
      form={form}
      onSubmit={async (values) => {
        onAdded(await addOption({ assetId, votingId }, { ...values, attachments: files.map((file) => file.id) }));
        form.reset();
        setFiles([]);
      }}
      serverErrors={{ fallback: t('forum.genericError') }}
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-navy-100"
      aria-label={t('forum.addOption')}
    >
      <h4 className="text-base font-semibold text-navy-900">{t('forum.addOption')}</h4>
      <FormError />
      <TextField name="title" label={t('forum.optionTitle')} />
      <TextField name="description" label={t('forum.optionDescription')} />
      <AttachmentPicker files={files} onChange={setFiles} onBusyChange={setUploading} />
      <SubmitButton variant="secondary" disabled={uploading}>
        {t('forum.addOptionSubmit')}
      </SubmitButton>
    </Form>
  );
};

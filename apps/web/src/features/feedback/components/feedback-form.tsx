import { feedbackForm } from '@bw/contracts';
import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { ChoiceField, Form, FormError, SubmitButton, TextAreaField, useZodForm } from '../../../components/form';
import { useTranslation } from '../../../lib/i18n';
import { sendFeedback } from '../api/feedback';

const STARS = ['1', '2', '3', '4', '5'] as const;

/**
 * Spec section 2 "feedback modal": stars and an optional text, sent once (the request id makes a
 * repeated send one feedback). From the rating prompt the server also ends the prompt.
 */
export const FeedbackForm = ({
  source,
  onSent,
  onClose,
}: {
  readonly source: 'appRating' | 'support';
  readonly onSent?: () => void;
  readonly onClose: () => void;
}) => {
  const { t } = useTranslation();
  const [requestId] = useState(() => crypto.randomUUID());
  const [sent, setSent] = useState(false);
  const form = useZodForm(feedbackForm, { defaultValues: { rating: '', message: '' } });
  if (sent)
    return (
      <div className="flex flex-col gap-4">
        <p role="status" className="flex items-start gap-3 text-base text-navy-900" data-testid="feedback-sent">
          <CheckCircle2 aria-hidden="true" className="size-6 shrink-0 text-brand-text" />
          {t('feedback.sent')}
        </p>
        <Button block onClick={onClose}>
          {t('feedback.close')}
        </Button>
      </div>
    );
  return (
    <Form
      form={form}
      onSubmit={async (values) => {
        await sendFeedback({ ...values, requestId, source });
        setSent(true);
        onSent?.();
      }}
      serverErrors={{ fallback: t('feedback.failed') }}
      className="flex flex-col gap-4"
    >
      <p className="text-base text-navy-700">{t('feedback.intro')}</p>
      <ChoiceField
        name="rating"
        legend={t('feedback.rating')}
        options={STARS.map((value) => ({ value, label: t(`feedback.star${value}`) }))}
      />
      <TextAreaField name="message" label={t('feedback.message')} rows={4} />
      <FormError />
      <SubmitButton block pendingLabel={t('feedback.sending')}>
        {t('feedback.send')}
      </SubmitButton>
    </Form>
  );
};

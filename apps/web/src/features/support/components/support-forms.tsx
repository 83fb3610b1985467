import type { FileRef } from '@bw/contracts';
import { CheckCircle2, LogIn } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { AttachmentPicker } from '../../../components/attachment-picker';
import { BackLink } from '../../../components/back-link';
import { buttonClass } from '../../../components/button';
import {
  Form,
  FormError,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
  useZodForm,
} from '../../../components/form';
import { StatusPage } from '../../../components/status-page';
import { useScreenHref } from '../../../hooks/use-family';
import { useTranslation } from '../../../lib/i18n';
import { useShellStore } from '../../../stores/shell-store';
import { callBackForm, useCallBack, useWriteUs, writeUsForm } from '../api/support';

const Frame = ({ title, children }: { readonly title: string; readonly children: React.ReactNode }) => {
  const { t } = useTranslation();
  const href = useScreenHref();
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-5 px-4 py-6 md:py-10">
      <BackLink to={href({ key: 'support' })}>{t('support.title')}</BackLink>
      <h1 className="text-2xl font-bold text-navy-900">{title}</h1>
      {children}
    </div>
  );
};

/** Both forms answer to the user by e-mail and in the inbox, so a guest logs in first. */
const LoginFirst = () => {
  const { t } = useTranslation();
  const href = useScreenHref();
  return (
    <StatusPage icon={LogIn} title={t('support.loginTitle')} text={t('support.loginFirst')}>
      <Link to={href({ key: 'login' })} className={buttonClass('primary', true)}>
        {t('routes.login')}
      </Link>
    </StatusPage>
  );
};

const Sent = ({ text }: { readonly text: string }) => (
  <p
    role="status"
    className="flex items-start gap-3 rounded-2xl bg-white p-4 text-navy-900 ring-1 ring-navy-100"
    data-testid="support-sent"
  >
    <CheckCircle2 aria-hidden="true" className="size-6 shrink-0 text-brand-text" />
    {text}
  </p>
);

/** Spec section 2 `support/writeUs`: subject and message. */
export const WriteUsPage = () => {
  const { t } = useTranslation();
  const loggedIn = useShellStore((state) => state.user !== null);
  const send = useWriteUs();
  const form = useZodForm(writeUsForm, { defaultValues: { subject: '', message: '' } });
  const [sent, setSent] = useState(false);
  const [files, setFiles] = useState<FileRef[]>([]);
  const [uploading, setUploading] = useState(false);
  if (!loggedIn) return <LoginFirst />;
  return (
    <Frame title={t('support.writeUs')}>
      {sent ? (
        <Sent text={t('support.sent')} />
      ) : (
        <Form
          form={form}
          onSubmit={async (values) => {
            await send.mutateAsync({ ...values, attachments: files.map((file) => file.id) });
            setSent(true);
          }}
          serverErrors={{ fallback: t('support.failed') }}
          className="flex flex-col gap-4"
        >
          <TextField name="subject" label={t('support.subject')} />
          <TextAreaField name="message" label={t('support.message')} rows={6} />
          <AttachmentPicker files={files} onChange={setFiles} onBusyChange={setUploading} />
          <FormError />
          <SubmitButton block disabled={uploading} pendingLabel={t('support.sending')}>
            {t('support.send')}
          </SubmitButton>
        </Form>
      )}
    </Frame>
  );
};

const WINDOWS = ['08-10', '10-12', '12-14', '14-16', '16-18'] as const;

/** Spec section 2 `support/callBack`: weekday, time window, phone, message. */
export const CallBackPage = () => {
  const { t } = useTranslation();
  const loggedIn = useShellStore((state) => state.user !== null);
  const send = useCallBack();
  const form = useZodForm(callBackForm, {
    defaultValues: { weekday: 1, timeWindow: '10-12', phone: '', message: '' },
  });
  const [sent, setSent] = useState(false);
  if (!loggedIn) return <LoginFirst />;
  return (
    <Frame title={t('support.callBack')}>
      {sent ? (
        <Sent text={t('support.callBackSent')} />
      ) : (
        <Form
          form={form}
          onSubmit={async (values) => {
            await send.mutateAsync(values);
            setSent(true);
          }}
          serverErrors={{ fallback: t('support.failed') }}
          className="flex flex-col gap-4"
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              name="weekday"
              label={t('support.weekday')}
              options={([1, 2, 3, 4, 5] as const).map((day) => ({
                value: String(day),
                label: t(`support.weekday${day}`),
              }))}
            />
            <SelectField
              name="timeWindow"
              label={t('support.timeWindow')}
              options={WINDOWS.map((window) => {
                const [from = '', to = ''] = window.split('-');
                return { value: window, label: t('support.windowLabel', { from, to }) };
              })}
            />
          </div>
          <TextField name="phone" label={t('support.phone')} type="tel" inputMode="tel" autoComplete="tel" />
          <TextAreaField name="message" label={t('support.optionalMessage')} rows={4} />
          <FormError />
          <SubmitButton block pendingLabel={t('support.sending')}>
            {t('support.send')}
          </SubmitButton>
        </Form>
      )}
    </Frame>
  );
};

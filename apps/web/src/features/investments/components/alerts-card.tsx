import type { AlertBody, AlertView } from '@bw/contracts';
import { parseEuroAmountToCents } from '@bw/domain';
import { BellRing } from 'lucide-react';
import { z } from 'zod';
import { Button } from '../../../components/button';
import { Form, msg, SelectField, SubmitButton, TextField, useZodForm } from '../../../components/form';
import { useMoneyFormat } from '../../../hooks/use-money-format';
import { useTranslation } from '../../../lib/i18n';
import { useAssets } from '../../assets/api/get-assets';
import { useAlerts, useCreateAlert, useDeleteAlert } from '../api/alerts';

const EURO = /^\d{1,10}(?:[.,]\d{1,2})?$/;
const KINDS = ['priceAbove', 'priceBelow', 'offer', 'financing'] as const;
const COUNTRIES = ['AT', 'DE'] as const;

const alertForm = z
  .object({ kind: z.enum(KINDS), assetId: z.string(), price: z.string().trim(), country: z.string() })
  .refine((values) => values.kind === 'financing' || values.assetId !== '', {
    message: msg('alerts.assetChoose'),
    path: ['assetId'],
  })
  .refine(
    (values) => values.kind === 'financing' || (EURO.test(values.price) && parseEuroAmountToCents(values.price) > 0n),
    { message: msg('alerts.priceInvalid'), path: ['price'] },
  );

const bodyOf = (values: z.output<typeof alertForm>): AlertBody => {
  if (values.kind === 'financing')
    return { kind: 'financing', filters: values.country ? { countryCodes: [values.country] } : {} };
  const priceCents = parseEuroAmountToCents(values.price).toString();
  if (values.kind === 'offer') return { kind: 'offer', assetId: values.assetId, priceCents };
  return {
    kind: 'price',
    assetId: values.assetId,
    priceCents,
    direction: values.kind === 'priceAbove' ? 'above' : 'below',
  };
};

const AlertLine = ({ alert }: { readonly alert: AlertView }) => {
  const { t } = useTranslation();
  const format = useMoneyFormat();
  const remove = useDeleteAlert();
  const asset = alert.assetTitle ?? '';
  const price = alert.priceCents ? format.eur(alert.priceCents) : '';
  const text =
    alert.kind === 'price'
      ? t(`alerts.describePrice_${alert.direction ?? 'above'}`, { asset, price })
      : alert.kind === 'offer'
        ? t('alerts.describeOffer', { asset, price })
        : t('alerts.describeFinancing', { country: alert.filters?.countryCodes?.join(', ') || t('alerts.countryAll') });
  return (
    <li className="flex items-center justify-between gap-3 py-2" data-testid="alert">
      <span className="min-w-0 break-words text-sm text-navy-900">{text}</span>
      <Button type="button" variant="secondary" disabled={remove.isPending} onClick={() => remove.mutate(alert.id)}>
        {t('alerts.delete')}
      </Button>
    </li>
  );
};

/** The investor's alerts (issue 40): price crosses a level, a sell offer at or below a price, a new financing phase. */
export const AlertsCard = () => {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const create = useCreateAlert();
  const assets = (useAssets().data ?? []).filter((asset) => asset.stage === 'primary' || asset.stage === 'secondary');
  const form = useZodForm(alertForm, { defaultValues: { kind: 'offer', assetId: '', price: '', country: '' } });
  const kind = form.watch('kind');
  return (
    <section
      aria-labelledby="investments-alerts"
      className="flex flex-col gap-3 rounded-2xl bg-white p-5 ring-1 ring-navy-100"
      data-testid="alerts"
    >
      <h2 id="investments-alerts" className="flex items-center gap-2 text-lg font-semibold text-navy-900">
        <BellRing aria-hidden="true" className="size-5 text-brand-text" />
        {t('alerts.title')}
      </h2>
      <p className="text-sm text-navy-700">{t('alerts.text')}</p>
      {(alerts.data ?? []).length === 0 ? (
        <p className="text-sm text-navy-700">{t('alerts.empty')}</p>
      ) : (
        <ul className="divide-y divide-navy-100">
          {(alerts.data ?? []).map((alert) => (
            <AlertLine key={alert.id} alert={alert} />
          ))}
        </ul>
      )}
      <Form
        form={form}
        onSubmit={async (values) => {
          await create.mutateAsync(bodyOf(values));
          form.reset({ kind: values.kind, assetId: '', price: '', country: '' });
        }}
        serverErrors={{ fallback: t('alerts.error') }}
        className="grid gap-3 sm:grid-cols-2"
        data-testid="alert-form"
      >
        <SelectField
          name="kind"
          label={t('alerts.kind')}
          options={KINDS.map((value) => ({ value, label: t(`alerts.kind_${value}`) }))}
        />
        {kind === 'financing' ? (
          <SelectField
            name="country"
            label={t('alerts.country')}
            placeholder={t('alerts.countryAll')}
            options={COUNTRIES.map((value) => ({ value, label: value }))}
          />
        ) : (
          <>
            <SelectField
              name="assetId"
              label={t('alerts.asset')}
              placeholder={t('alerts.assetChoose')}
              options={assets.map((asset) => ({ value: asset.id, label: asset.title }))}
            />
            <TextField label={t('alerts.price')} name="price" inputMode="decimal" autoComplete="off" />
          </>
        )}
        <div className="sm:col-span-2">
          <SubmitButton>{t('alerts.create')}</SubmitButton>
        </div>
      </Form>
    </section>
  );
};

import { Building2, LogIn } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/button';
import { Form, FormError, SelectField, SubmitButton, TextField, useZodForm } from '../../../components/form';
import { StatusPage } from '../../../components/status-page';
import { useScreenHref } from '../../../hooks/use-family';
import { useTranslation } from '../../../lib/i18n';
import { useShellStore } from '../../../stores/shell-store';
import type { CompanyView, CreateCompanyBody } from '../api/company-view';
import { useCompany } from '../api/get-company';
import { useRegisterCompany } from '../api/register-company';
import { COMPANY_COUNTRIES, companyForm } from '../lib/company-form';

const emptyCompany: CreateCompanyBody = {
  name: '',
  email: '',
  phone: '',
  street: '',
  postcode: '',
  city: '',
  countryCode: 'AT',
  registerNumber: '',
  taxNumber: '',
};

const LoginFirst = () => {
  const { t } = useTranslation();
  const href = useScreenHref();
  return (
    <StatusPage icon={LogIn} title={t('companyRegistration.loginTitle')} text={t('companyRegistration.loginText')}>
      <Link to={href({ key: 'login' })} className={buttonClass('primary', true)}>
        {t('companyRegistration.login')}
      </Link>
      <Link to={href({ key: 'register' })} className={buttonClass('secondary', true)}>
        {t('companyRegistration.register')}
      </Link>
    </StatusPage>
  );
};

const Registered = ({ company }: { readonly company: CompanyView }) => {
  const { t } = useTranslation();
  const href = useScreenHref();
  return (
    <StatusPage
      icon={Building2}
      title={t('companyRegistration.doneTitle')}
      text={t('companyRegistration.doneText', { name: company.name })}
    >
      <Link to={href({ key: 'marketplace' })} className={buttonClass('primary', true)}>
        {t('companyRegistration.toMarketplace')}
      </Link>
    </StatusPage>
  );
};

/** Spec section 2, company registration: address, e-mail ('E-Mail nicht gültig'), name, phone, register and tax number. */
const CompanyForm = () => {
  const { t, i18n } = useTranslation();
  const register = useRegisterCompany();
  const form = useZodForm(companyForm, { defaultValues: emptyCompany });
  const regions = new Intl.DisplayNames([i18n.language], { type: 'region' });
  return (
    <Form
      form={form}
      onSubmit={(values) => register.mutateAsync(values)}
      serverErrors={{ fallback: t('companyRegistration.failed') }}
      className="flex flex-col gap-4"
    >
      <TextField name="name" label={t('companyRegistration.name')} autoComplete="organization" />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="email" label={t('companyRegistration.email')} type="email" autoComplete="email" />
        <TextField name="phone" label={t('companyRegistration.phone')} type="tel" inputMode="tel" autoComplete="tel" />
      </div>
      <TextField name="street" label={t('companyRegistration.street')} autoComplete="address-line1" />
      <div className="grid grid-cols-[7rem_1fr] gap-3 sm:grid-cols-[9rem_1fr_10rem]">
        <TextField
          name="postcode"
          label={t('companyRegistration.postcode')}
          inputMode="numeric"
          autoComplete="postal-code"
        />
        <TextField name="city" label={t('companyRegistration.city')} autoComplete="address-level2" />
        <SelectField
          name="countryCode"
          label={t('companyRegistration.country')}
          options={COMPANY_COUNTRIES.map((code) => ({ value: code, label: regions.of(code) ?? code }))}
          className="col-span-2 sm:col-span-1"
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          name="registerNumber"
          label={t('companyRegistration.registerNumber')}
          hint={t('companyRegistration.registerNumberHint')}
        />
        <TextField
          name="taxNumber"
          label={t('companyRegistration.taxNumber')}
          hint={t('companyRegistration.taxNumberHint')}
        />
      </div>
      <FormError />
      <SubmitButton block pendingLabel={t('companyRegistration.saving')}>
        {t('companyRegistration.submit')}
      </SubmitButton>
    </Form>
  );
};

/** Spec section 2, company-registration in every family: `POST /api/v1/company`, then `PUT /api/v2/user/company`. */
export const CompanyRegistrationPage = () => {
  const { t } = useTranslation();
  const loggedIn = useShellStore((state) => state.user !== null);
  const company = useCompany(loggedIn);
  if (!loggedIn) return <LoginFirst />;
  if (company.data) return <Registered company={company.data} />;
  return (
    <div
      className="mx-auto flex w-full max-w-xl flex-col gap-6 px-4 py-6 sm:px-8 sm:py-10"
      data-screen="company-registration"
    >
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-navy-900">{t('companyRegistration.title')}</h1>
        <p className="mt-1 text-navy-700">{t('companyRegistration.intro')}</p>
      </div>
      {company.isPending ? <div aria-busy className="h-96 animate-pulse rounded-2xl bg-navy-100" /> : <CompanyForm />}
    </div>
  );
};

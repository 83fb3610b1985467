import { Building2, LogIn } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/button';
import { FormMessage } from '../../../components/form/form-message';
import { StatusPage } from '../../../components/status-page';
import { useScreenHref } from '../../../hooks/use-family';
import { useTranslation } from '../../../lib/i18n';
import { useShellStore } from '../../../stores/shell-store';
import { TextField } from '../../auth/components/text-field';
import { type ServerErrors, serverErrors } from '../../auth/lib/server-errors';
import type { CompanyView, CreateCompanyBody } from '../api/company-view';
import { useCompany } from '../api/get-company';
import { useRegisterCompany } from '../api/register-company';

type Field = keyof CreateCompanyBody;
const FIELDS: readonly Field[] = [
  'name',
  'email',
  'phone',
  'street',
  'postcode',
  'city',
  'countryCode',
  'registerNumber',
  'taxNumber',
];
/** The platform's audience (spec section 1): Austria, Germany, Switzerland. */
const COMPANY_COUNTRIES = ['AT', 'DE', 'CH'] as const;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

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

const noErrors: ServerErrors<Field> = { fields: {}, form: null };

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
  const { t } = useTranslation();
  const register = useRegisterCompany();
  const [values, setValues] = useState<CreateCompanyBody>(emptyCompany);
  const [errors, setErrors] = useState<ServerErrors<Field>>(noErrors);
  const set = (field: Field) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const clientErrors = (): Partial<Record<Field, string>> => {
    const found: Partial<Record<Field, string>> = {};
    for (const field of FIELDS) {
      if (values[field].trim() === '') found[field] = t('companyRegistration.required');
    }
    if (!found.email && !EMAIL.test(values.email.trim())) found.email = t('companyRegistration.emailInvalid');
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (register.isPending) return;
    const found = clientErrors();
    if (Object.keys(found).length > 0) return setErrors({ fields: found, form: null });
    setErrors(noErrors);
    try {
      await register.mutateAsync(values);
    } catch (error) {
      setErrors(serverErrors(error, {}, FIELDS, t('companyRegistration.failed')));
    }
  };

  const field = (name: Field, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      label={label}
      name={name}
      value={values[name]}
      error={errors.fields[name]}
      onChange={set(name)}
      {...extra}
    />
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      {field('name', t('companyRegistration.name'), { autoComplete: 'organization' })}
      <div className="grid gap-4 sm:grid-cols-2">
        {field('email', t('companyRegistration.email'), { type: 'email', autoComplete: 'email' })}
        {field('phone', t('companyRegistration.phone'), { type: 'tel', inputMode: 'tel', autoComplete: 'tel' })}
      </div>
      {field('street', t('companyRegistration.street'), { autoComplete: 'address-line1' })}
      <div className="grid grid-cols-[7rem_1fr] gap-3 sm:grid-cols-[9rem_1fr_10rem]">
        {field('postcode', t('companyRegistration.postcode'), { inputMode: 'numeric', autoComplete: 'postal-code' })}
        {field('city', t('companyRegistration.city'), { autoComplete: 'address-level2' })}
        <div className="col-span-2 flex flex-col gap-1.5 sm:col-span-1">
          <label htmlFor="company-country" className="text-sm font-semibold text-navy-900">
            {t('companyRegistration.country')}
          </label>
          <select
            id="company-country"
            name="countryCode"
            value={values.countryCode}
            onChange={set('countryCode')}
            className="block min-h-12 w-full rounded-xl border border-navy-300 bg-white px-3 text-base text-navy-900 focus:outline-2 focus:outline-brand-text"
          >
            {COMPANY_COUNTRIES.map((code) => (
              <option key={code} value={code}>
                {new Intl.DisplayNames([document.documentElement.lang || 'de'], { type: 'region' }).of(code) ?? code}
              </option>
            ))}
          </select>
          {errors.fields.countryCode ? (
            <p className="text-sm font-medium text-danger" data-testid="error-countryCode">
              {errors.fields.countryCode}
            </p>
          ) : null}
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {field('registerNumber', t('companyRegistration.registerNumber'), {
          hint: t('companyRegistration.registerNumberHint'),
        })}
        {field('taxNumber', t('companyRegistration.taxNumber'), { hint: t('companyRegistration.taxNumberHint') })}
      </div>
      <FormMessage tone="error" text={errors.form} />
      <Button type="submit" block disabled={register.isPending}>
        {register.isPending ? t('companyRegistration.saving') : t('companyRegistration.submit')}
      </Button>
    </form>
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

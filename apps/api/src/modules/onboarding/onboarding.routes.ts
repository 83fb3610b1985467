import {
  acceptTermsBody,
  complianceInformationBody,
  dataEnvelope,
  errorBody,
  updateAddressBody,
  updateBirthDateBody,
  updateBirthPlaceBody,
  updateChurchTaxBody,
  updateIbanBody,
  updateMarketingNewsletterBody,
  updateNationalityBody,
  updatePhoneBody,
  updateSocialSecurityNumberBody,
  updateTaxIdBody,
  userWithOnboarding,
} from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../../plugins/session-user.js';
import { acceptTerms } from './operations/accept-terms.js';
import {
  saveComplianceInformation,
  updateChurchTax,
  updateIban,
  updateMarketingNewsletter,
  updateTaxId,
} from './operations/update-account-settings.js';
import {
  updateAddress,
  updateBirthDate,
  updateBirthPlace,
  updateNationality,
  updateSocialSecurityNumber,
} from './operations/update-personal-information.js';
import { updatePhone } from './operations/update-phone.js';

const tags = ['Onboarding'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 409: errorBody, 429: errorBody };
const response = { 200: dataEnvelope(userWithOnboarding), ...errors };

/**
 * Spec section 7, App and user: the onboarding calls on the caller's own account (issue 5). Each
 * answers with the whole user, `registrationProcessStatus` included.
 */
export const onboardingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireUser);

  app.put(
    '/api/v2/user/phone',
    {
      schema: {
        tags,
        summary: 'Phone number (PhoneNumber step): digits only, plausible, stored as E.164',
        body: updatePhoneBody,
        response,
      },
    },
    async (request) => ({ data: await updatePhone(app, currentUser(request), request.body) }),
  );

  app.put(
    '/api/v2/user/personalInformation/address',
    {
      schema: {
        tags,
        summary: 'Address (complete, in Austria; the street is split into name and number, default 1)',
        body: updateAddressBody,
        response,
      },
    },
    async (request) => ({ data: await updateAddress(app, currentUser(request), request.body) }),
  );

  app.put(
    '/api/v2/user/personalInformation/birthDate',
    {
      schema: {
        tags,
        summary: "Birth date YYYY-MM-DD, over 18; the message comes in error.fields['body.birthDate']",
        body: updateBirthDateBody,
        response,
      },
    },
    async (request) => ({ data: await updateBirthDate(app, currentUser(request), request.body) }),
  );

  app.put(
    '/api/v2/user/personalInformation/birthPlace',
    { schema: { tags, summary: 'Birth country and city', body: updateBirthPlaceBody, response } },
    async (request) => ({ data: await updateBirthPlace(app, currentUser(request), request.body) }),
  );

  app.put(
    '/api/v2/user/personalInformation/nationality',
    { schema: { tags, summary: 'Nationality (ISO country code)', body: updateNationalityBody, response } },
    async (request) => ({ data: await updateNationality(app, currentUser(request), request.body) }),
  );

  app.put(
    '/api/v2/user/personalInformation/socialSecurityNumber',
    {
      schema: {
        tags,
        summary: 'Austrian social security number NNNNTTMMJJ (check digit), or an Austrian tax number instead',
        body: updateSocialSecurityNumberBody,
        response,
      },
    },
    async (request) => ({ data: await updateSocialSecurityNumber(app, currentUser(request), request.body) }),
  );

  app.post(
    '/api/v1/user/complianceInformation',
    {
      schema: { tags, summary: 'Politically exposed person (PEP) answer', body: complianceInformationBody, response },
    },
    async (request) => ({ data: await saveComplianceInformation(app, currentUser(request), request.body) }),
  );

  app.put(
    '/api/v2/user/account/taxId',
    {
      schema: {
        tags,
        summary: "Tax ID per country (German ones by check digit; 'Ungültig')",
        body: updateTaxIdBody,
        response,
      },
    },
    async (request) => ({ data: await updateTaxId(app, currentUser(request), request.body) }),
  );

  app.put(
    '/api/v2/user/account/churchTax',
    { schema: { tags, summary: 'Church membership (German church tax)', body: updateChurchTaxBody, response } },
    async (request) => ({ data: await updateChurchTax(app, currentUser(request), request.body) }),
  );

  app.put(
    '/api/v2/user/account/marketingNewsletter',
    { schema: { tags, summary: 'Marketing newsletter consent', body: updateMarketingNewsletterBody, response } },
    async (request) => ({ data: await updateMarketingNewsletter(app, currentUser(request), request.body) }),
  );

  app.put(
    '/api/v2/user/account/iban',
    { schema: { tags, summary: "The user's own IBAN (must be valid) and VAT number", body: updateIbanBody, response } },
    async (request) => ({ data: await updateIban(app, currentUser(request), request.body) }),
  );

  app.put(
    '/api/v2/user/complianceInformation/terms',
    {
      schema: {
        tags,
        summary: 'Accept the legal documents (each ticked box is stamped with the time; the address is kept)',
        body: acceptTermsBody,
        response,
      },
    },
    async (request) => ({ data: await acceptTerms(app, currentUser(request), request.body, request.ip) }),
  );
};

import {
  companyView,
  createCompanyBody,
  dataEnvelope,
  errorBody,
  financialAdvisorBody,
  financialAdvisorView,
  reminderBody,
  reminderView,
  setUserCompanyBody,
  setUserCompanyResult,
} from '@bw/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../../plugins/session-user.js';
import { createCompany, getUserCompany, setFinancialAdvisor, setReminder, setUserCompany } from './registration.js';

const tags = ['Onboarding'];
const errors = { 400: errorBody, 401: errorBody, 404: errorBody };

/** Spec section 7: company registration, financial advisor, reminder (issue 5). */
export const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireUser);

  app.post(
    '/api/v1/company',
    {
      schema: {
        tags,
        summary: 'Register a company (address, e-mail, name, phone, register number, tax number)',
        body: createCompanyBody,
        response: { 200: dataEnvelope(companyView), ...errors },
      },
    },
    async (request) => ({ data: await createCompany(app.db, currentUser(request).userId, request.body) }),
  );

  app.get(
    '/api/v1/company',
    {
      schema: {
        tags,
        summary: 'The company the user registers for, or null',
        response: { 200: dataEnvelope(companyView.nullable()), 401: errorBody },
      },
    },
    async (request) => ({ data: await getUserCompany(app.db, currentUser(request).userId) }),
  );

  app.put(
    '/api/v2/user/company',
    {
      schema: {
        tags,
        summary: 'Register the user for a company they created',
        body: setUserCompanyBody,
        response: { 200: dataEnvelope(setUserCompanyResult), ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const data = await setUserCompany(app.db, user.userId, request.body.companyId);
      app.bus.publishUserUpdate(user.email, 'company');
      return { data };
    },
  );

  app.put(
    '/api/v2/user/marketingData/financialAdvisor',
    {
      schema: {
        tags,
        summary: 'The financial advisor or tipster who brought the user, or none',
        body: financialAdvisorBody,
        response: { 200: dataEnvelope(financialAdvisorView), ...errors },
      },
    },
    async (request) => ({ data: await setFinancialAdvisor(app.db, currentUser(request).userId, request.body) }),
  );

  app.post(
    '/api/v1/reminder',
    {
      schema: {
        tags,
        summary: 'Remind the user of an open step at a time (tomorrow 18:00, Sunday 15:00); null cancels',
        body: reminderBody,
        response: { 200: dataEnvelope(reminderView), ...errors },
      },
    },
    async (request) => ({
      data: await setReminder(app.db, { userId: currentUser(request).userId, ...request.body, now: new Date() }),
    }),
  );
};

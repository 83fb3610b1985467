import { randomUUID } from 'node:crypto';
import { speakGermanInZodMessages } from '@bw/contracts';
import { type Database, migrate, openDatabase } from '@bw/db';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, LogController, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { type AppConfig, rememberListeningAddress } from './config.js';
import { coreJobs } from './jobs/index.js';
import { type JobRunner, startJobRunner } from './jobs/job-runner.js';
import { PRUNE_OUTBOX_CRON, pruneOutboxJob } from './jobs/maintenance-jobs.js';
import { createOutbox, createOutboxRelay, type Outbox, type OutboxRelay } from './jobs/outbox.js';
import { createJobRegistry, type JobDefinition, type JobRegistry } from './jobs/registry.js';
import type { EventBus } from './lib/event-bus.js';
import { runWithRequestId } from './lib/request-context.js';
import { alertJobs, SCAN_ALERTS_CRON, scanAlertsJob } from './modules/alerts/alerts.jobs.js';
import { alertsRoutes } from './modules/alerts/alerts.routes.js';
import { appLinksRoutes } from './modules/app-links/app-links.routes.js';
import { createAssetListCache } from './modules/assets/asset-list-cache.js';
import { assetsRoutes } from './modules/assets/assets.routes.js';
import { createPagePreloads } from './modules/assets/page-preloads.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { resolveSessionFromCookieHeader } from './modules/auth/session-store.js';
import { autoInvestJobs, RUN_AUTO_INVEST_CRON, runAutoInvestJob } from './modules/auto-invest/auto-invest.jobs.js';
import { autoInvestRoutes } from './modules/auto-invest/auto-invest.routes.js';
import { onAutoInvestSigningOutcome } from './modules/auto-invest/operations/mandates.js';
import { backofficeRoutes } from './modules/backoffice/backoffice.routes.js';
import { bonusJobs, SETTLE_CAMPAIGNS_CRON, settleCampaignsJob } from './modules/bonuses/bonuses.jobs.js';
import { bonusesModuleRoutes } from './modules/bonuses/bonuses.routes.js';
import { campaignRoutes } from './modules/bonuses/campaigns.routes.js';
import { bulletinBoardRoutes } from './modules/bulletin-board/bulletin-board.routes.js';
import { onOfferSigningOutcome } from './modules/bulletin-board/operations/signing-outcome.js';
import {
  distributionJobs,
  PROPOSE_DUE_DISTRIBUTIONS_CRON,
  PROPOSE_DUE_DISTRIBUTIONS_JOB,
} from './modules/distributions/distributions.jobs.js';
import { distributionsRoutes } from './modules/distributions/distributions.routes.js';
import { filesJobs, PRUNE_UNATTACHED_FILES_CRON, pruneUnattachedFilesJob } from './modules/files/files.jobs.js';
import { filesRoutes } from './modules/files/files.routes.js';
import { createForumJobs, type ForumJobLinks } from './modules/forum/forum.jobs.js';
import { forumRoutes } from './modules/forum/forum.routes.js';
import { FORUM_ADVANCE_DUE_VOTINGS_CRON, FORUM_ADVANCE_DUE_VOTINGS_JOB } from './modules/forum/forum.topics.js';
import { createIdentificationJobs, type IdentificationJobLinks } from './modules/identification/identification.jobs.js';
import { identificationRoutes } from './modules/identification/identification.routes.js';
import { identityNotificationRoutes } from './modules/identification/provider/provider-notification.routes.js';
import { launchpadRoutes } from './modules/launchpad/launchpad.routes.js';
import { linkedAccountsRoutes } from './modules/linked-accounts/linked-accounts.routes.js';
import { notificationJobs } from './modules/notifications/notifications.jobs.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { knowledgeAndExperienceRoutes } from './modules/onboarding/knowledge-and-experience/knowledge-and-experience.routes.js';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes.js';
import { partnersRoutes } from './modules/partners/partners.routes.js';
import { passkeysRoutes } from './modules/passkeys/passkeys.routes.js';
import { createPaymentJobs, RECONCILE_PAYOUTS_CRON, RECONCILE_PAYOUTS_JOB } from './modules/payments/payments.jobs.js';
import { paymentsRoutes } from './modules/payments/payments.routes.js';
import { mangopayHookRoutes } from './modules/payments/provider/mangopay-hook.routes.js';
import {
  MIRROR_POSTINGS_CRON,
  MIRROR_POSTINGS_JOB,
  RECONCILE_WALLETS_CRON,
  RECONCILE_WALLETS_JOB,
} from './modules/payments/provider/wallet-mirror.js';
import { webhookRoutes } from './modules/payments/webhook.routes.js';
import { healthRoutes } from './modules/platform/health.routes.js';
import { platformRoutes } from './modules/platform/platform.routes.js';
import { onPurchaseSigningOutcome } from './modules/primary-market/operations/settle-purchase.js';
import { primaryMarketRoutes } from './modules/primary-market/primary-market.routes.js';
import { twilioStatusRoutes } from './modules/provider-callbacks/twilio-status.routes.js';
import { registrationJobs, SEND_REMINDERS_CRON, sendRemindersJob } from './modules/registration/registration.jobs.js';
import { registrationRoutes } from './modules/registration/registration.routes.js';
import { onMandateSigningOutcome } from './modules/reinvestment/operations/mandates.js';
import { createReinvestmentJobs, type ReinvestmentJobLinks } from './modules/reinvestment/reinvestment.jobs.js';
import { reinvestmentRoutes } from './modules/reinvestment/reinvestment.routes.js';
import { onSavingsPlanSigningOutcome } from './modules/savings/operations/plans.js';
import { RUN_DUE_SAVINGS_PLANS_CRON, runDueSavingsPlansJob, savingsJobs } from './modules/savings/savings.jobs.js';
import { savingsRoutes } from './modules/savings/savings.routes.js';
import {
  EXPIRE_SIGNING_REQUESTS_CRON,
  expireSigningRequestsJob,
  securityAppJobs,
} from './modules/security-app/security-app.jobs.js';
import { securityAppRoutes } from './modules/security-app/security-app.routes.js';
import {
  createDataExportJobs,
  REMOVE_EXPIRED_DATA_EXPORTS_CRON,
  REMOVE_EXPIRED_DATA_EXPORTS_JOB,
} from './modules/settings/data-export/data-export.jobs.js';
import {
  accountJobs,
  EXECUTE_DELETIONS_CRON,
  executeDeletionsJob,
  PRUNE_USER_LOGS_CRON,
  pruneUserLogsJob,
} from './modules/settings/settings.jobs.js';
import { accountRoutes } from './modules/settings/settings.routes.js';
import { registerSignerFromSeed } from './modules/share-register/register-roots.js';
import {
  createShareRegisterJobs,
  PUBLISH_REGISTER_ROOTS_CRON,
  PUBLISH_REGISTER_ROOTS_JOB,
} from './modules/share-register/share-register.jobs.js';
import { shareRegisterRoutes } from './modules/share-register/share-register.routes.js';
import { supportRoutes } from './modules/support/support.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { createSettlementRegistry, type SettlementRegistry } from './platform/settlements.js';
import { registerAdminGuards, registerStaffSession } from './platform/staff-session.js';
import { registerAccessByDefault } from './plugins/access.js';
import { logFormatOf, prettyLogStream, registerRequestLines } from './plugins/console-log.js';
import { registerErrorHandling, sendError } from './plugins/errors.js';
import { registerInputGuards } from './plugins/input-guards.js';
import { registerMetrics } from './plugins/metrics.js';
import { registerOpenApi } from './plugins/openapi.js';
import { createRealtime, type Realtime } from './plugins/realtime.js';
import { registerSecurity } from './plugins/security.js';
import { registerSession } from './plugins/session.js';
import { registerSessionUser } from './plugins/session-user.js';
import { registerStaticWeb } from './plugins/static-web.js';
import { createTrustedOrigins, readPartnerOrigins, type TrustedOrigins } from './plugins/trusted-origins.js';
import {
  createProviders,
  type ProviderAdapters,
  type Providers,
  type ProviderWiring,
  type SandboxControls,
} from './providers/index.js';

import { seedOf } from './seed/demo-mode.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    db: Database['db'];
    providers: Providers;
    /** Which adapter stands behind each provider (the start's log and its demo-mode check, ADR 0022). */
    providerAdapters: ProviderAdapters;
    /** The sandboxes' controls: for the development module and tests, never for product code. */
    sandbox: SandboxControls;
    bus: EventBus;
    realtime: Realtime;
    /** The web origins the API trusts (CORS, CSRF, realtime, passkeys; plugins/trusted-origins.ts). */
    trustedOrigins: TrustedOrigins;
    jobs: JobRunner;
    jobRegistry: JobRegistry;
    outbox: Outbox;
    outboxRelay: OutboxRelay;
    /** Who settles a signed request of each kind (ADR 0057), built below. */
    settlements: SettlementRegistry;
  }
}

export type BuildOptions = {
  /** An already opened database (tests share a snapshot); otherwise opened from the config. */
  database?: Database;
  /** Extra job definitions (tests). */
  jobs?: JobDefinition[];
  /** Sees every route as it is registered (the route table, route-table.ts). */
  onRoute?: (route: RouteOptions) => void;
};

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{8,64}$/;
const CONNECTION_TIMEOUT_MS = 100_000;

export const openConfiguredDatabase = (config: AppConfig): Promise<Database> =>
  config.DATABASE_URL
    ? openDatabase({ kind: 'postgres', connectionString: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE })
    : openDatabase({ kind: 'pglite', dataDir: config.DATA_DIR });

/**
 * The whole server: plugins, modules, error handling. `main.ts` and every test build it the
 * same way; only the configuration differs.
 */
export const buildApp = async (config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> => {
  // A `fields` answer is German also where a contract rule brings no message of its own (ADR 0015).
  speakGermanInZodMessages();
  const pretty = logFormatOf(config) === 'pretty';
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      ...(pretty ? { stream: await prettyLogStream() } : {}),
      // Route patterns, not raw URLs: paths can carry e-mail addresses or tokens.
      serializers: {
        req: (req) => ({ method: req.method, route: req.routeOptions?.url ?? 'unmatched', id: req.id }),
      },
      redact: ['req.headers.cookie', 'req.headers.authorization'],
    },
    // The readable log writes one line per request (below) instead of Fastify's two JSON entries.
    ...(pretty ? { logController: new LogController({ disableRequestLogging: true }) } : {}),
    bodyLimit: config.BODY_LIMIT_BYTES,
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    requestIdHeader: 'x-request-id',
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 256 },
    // Router-level failures (bad URL encoding, over-long parameters) get the same envelope.
    frameworkErrors: (error, request, reply) => sendError(error, request, reply),
    ...(config.TRUST_PROXY !== undefined ? { trustProxy: config.TRUST_PROXY } : {}),
    return503OnClosing: true,
    forceCloseConnections: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerInputGuards(app);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  if (pretty) registerRequestLines(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // Work queued while serving a request (outbox rows, jobs) carries its id (lib/request-context.ts).
  app.addHook('onRequest', (request, _reply, done) => runWithRequestId(request.id, done));
  // Links without PUBLIC_URL point at the address the server really listens on (issue 35).
  app.addHook('onListen', async () => rememberListeningAddress(config, app.server.address()));

  const ownsDatabase = !options.database;
  const database = options.database ?? (await openConfiguredDatabase(config));
  try {
    await migrate(database.db);
  } catch (error) {
    if (ownsDatabase) await database.close();
    throw error;
  }

  const wiring: ProviderWiring = createProviders({
    config,
    db: database.db,
    log: app.log,
    ownOrigin: () => {
      const address = app.server.address();
      return address && typeof address === 'object' ? `http://127.0.0.1:${address.port}` : null;
    },
  });
  const { providers } = wiring;
  const trustedOrigins = createTrustedOrigins({
    config,
    listeningPort: () => {
      const address = app.server.address();
      return address && typeof address === 'object' ? address.port : null;
    },
    partnerOrigins: () => readPartnerOrigins(database.db),
  });
  const realtime = createRealtime({
    server: app.server,
    database,
    trustedOrigins,
    log: app.log,
    resolveSocketUser: (cookieHeader) => resolveSessionFromCookieHeader(database.db, cookieHeader, new Date()),
  });
  const forumLinks: ForumJobLinks = { outbox: null, jobs: null };
  const reinvestmentLinks: ReinvestmentJobLinks = { outbox: null };
  const identificationLinks: IdentificationJobLinks = { app: null };
  const registry = createJobRegistry([
    ...coreJobs,
    ...createPaymentJobs(providers.payments),
    ...securityAppJobs,
    ...registrationJobs,
    ...accountJobs,
    ...filesJobs,
    ...distributionJobs,
    ...createReinvestmentJobs(reinvestmentLinks),
    ...savingsJobs,
    ...autoInvestJobs,
    ...alertJobs,
    ...bonusJobs,
    ...notificationJobs,
    ...createForumJobs(forumLinks),
    ...createIdentificationJobs(identificationLinks),
    ...createShareRegisterJobs(registerSignerFromSeed(config.REGISTER_SIGNING_KEY)),
    ...createDataExportJobs(registerSignerFromSeed(config.REGISTER_SIGNING_KEY)),
    ...(options.jobs ?? []),
  ]);

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('providers', providers);
  app.decorate('providerAdapters', wiring.adapters);
  app.decorate('sandbox', wiring.sandbox);
  app.decorate('realtime', realtime);
  app.decorate('trustedOrigins', trustedOrigins);
  app.decorate('bus', realtime as EventBus);
  app.decorate('jobRegistry', registry);
  app.decorate('outbox', createOutbox(registry));
  // Who settles a signed request, in the transaction that records the signature (ADR 0057). Every
  // signing kind has an entry; `null` where the requesting flow reads the outcome itself.
  app.decorate(
    'settlements',
    createSettlementRegistry({
      trade: onPurchaseSigningOutcome(app.outbox),
      offer: onOfferSigningOutcome(app.outbox),
      mandate: onMandateSigningOutcome(app.outbox),
      savingsPlan: onSavingsPlanSigningOutcome(app.outbox),
      autoInvest: onAutoInvestSigningOutcome(app.outbox),
      agreement: null,
      payout: null,
      test: null,
    }),
  );
  forumLinks.outbox = app.outbox;
  reinvestmentLinks.outbox = app.outbox;
  identificationLinks.app = app;
  app.decorate(
    'outboxRelay',
    createOutboxRelay({
      db: database.db,
      registry,
      providers,
      bus: realtime,
      settlements: app.settlements,
      log: app.log,
      pollMs: config.OUTBOX_POLL_MS,
    }),
  );

  await registerMetrics(app);
  await app.register(cookie);
  registerSessionUser(app);
  registerSession(app);
  registerAccessByDefault(app);
  registerStaffSession(app);
  registerAdminGuards(app);
  await registerSecurity(app, config);
  await registerOpenApi(app, config.FRONTEND_VERSION);

  await app.register(healthRoutes);
  await app.register(partnersRoutes);
  await app.register(platformRoutes);
  await app.register(authRoutes);
  await app.register(passkeysRoutes);
  await app.register(appLinksRoutes);
  await app.register(shareRegisterRoutes);
  await app.register(usersRoutes);
  await app.register(onboardingRoutes);
  await app.register(identificationRoutes);
  await app.register(knowledgeAndExperienceRoutes);
  await app.register(paymentsRoutes);
  await app.register(webhookRoutes);
  await app.register(mangopayHookRoutes);
  await app.register(identityNotificationRoutes);
  await app.register(twilioStatusRoutes);
  // One marketplace list for the API and the pages' photo preloads (modules/assets/page-preloads.ts).
  const assetList = createAssetListCache(database.db);
  await app.register(assetsRoutes, { cache: assetList });
  await app.register(launchpadRoutes);
  await app.register(securityAppRoutes);
  await app.register(bulletinBoardRoutes);
  await app.register(primaryMarketRoutes);
  await app.register(bonusesModuleRoutes);
  await app.register(campaignRoutes);
  await app.register(registrationRoutes);
  await app.register(backofficeRoutes);
  await app.register(distributionsRoutes);
  await app.register(reinvestmentRoutes);
  await app.register(savingsRoutes);
  await app.register(alertsRoutes);
  await app.register(autoInvestRoutes);
  await app.register(notificationsRoutes);
  await app.register(supportRoutes);
  await app.register(forumRoutes);
  await app.register(filesRoutes);
  await app.register(accountRoutes);
  await app.register(linkedAccountsRoutes);
  if (config.NODE_ENV !== 'production') {
    // Loaded only here, so a production process never loads the development module (ADR 0016).
    const { devModule } = await import('./modules/dev/index.js');
    await app.register(devModule);
  }

  await registerStaticWeb(app, config.WEB_DIST_DIR, createPagePreloads(assetList));

  const jobs = await startJobRunner({
    database,
    registry,
    providers,
    bus: realtime,
    settlements: app.settlements,
    log: app.log,
    work: config.WORKER,
  });
  app.decorate('jobs', jobs);
  forumLinks.jobs = jobs;
  if (config.WORKER) {
    await jobs.schedule(pruneOutboxJob.name, PRUNE_OUTBOX_CRON, {});
    await jobs.schedule(expireSigningRequestsJob.name, EXPIRE_SIGNING_REQUESTS_CRON, {});
    await jobs.schedule(sendRemindersJob.name, SEND_REMINDERS_CRON, {});
    await jobs.schedule(settleCampaignsJob.name, SETTLE_CAMPAIGNS_CRON, {});
    await jobs.schedule(runDueSavingsPlansJob.name, RUN_DUE_SAVINGS_PLANS_CRON, {});
    await jobs.schedule(scanAlertsJob.name, SCAN_ALERTS_CRON, {});
    await jobs.schedule(runAutoInvestJob.name, RUN_AUTO_INVEST_CRON, {});
    await jobs.schedule(RECONCILE_PAYOUTS_JOB, RECONCILE_PAYOUTS_CRON, {});
    if (providers.payments.wallets) {
      // A provider with a wallet per investor (issue 38): the ledger mirrored, the wallets reconciled daily.
      await jobs.schedule(MIRROR_POSTINGS_JOB, MIRROR_POSTINGS_CRON, {});
      await jobs.schedule(RECONCILE_WALLETS_JOB, RECONCILE_WALLETS_CRON, {});
    }
    await jobs.schedule(FORUM_ADVANCE_DUE_VOTINGS_JOB, FORUM_ADVANCE_DUE_VOTINGS_CRON, {});
    await jobs.schedule(PROPOSE_DUE_DISTRIBUTIONS_JOB, PROPOSE_DUE_DISTRIBUTIONS_CRON, {});
    await jobs.schedule(PUBLISH_REGISTER_ROOTS_JOB, PUBLISH_REGISTER_ROOTS_CRON, {});
    await jobs.schedule(executeDeletionsJob.name, EXECUTE_DELETIONS_CRON, {});
    await jobs.schedule(pruneUserLogsJob.name, PRUNE_USER_LOGS_CRON, {});
    await jobs.schedule(pruneUnattachedFilesJob.name, PRUNE_UNATTACHED_FILES_CRON, {});
    await jobs.schedule(REMOVE_EXPIRED_DATA_EXPORTS_JOB, REMOVE_EXPIRED_DATA_EXPORTS_CRON, {});
    app.outboxRelay.start();
    wiring.start();
  }

  app.addHook('onClose', async () => {
    wiring.stop();
    await app.outboxRelay.stop();
    await jobs.stop();
    await realtime.close();
    if (ownsDatabase) await database.close();
  });

  if (seedOf(config) === 'demo') {
    // The seed calls the app's own routes (seed/index.ts, ADR 0022), so it runs on the ready app.
    try {
      await app.ready();
      const { runDemoSeed } = await import('./seed/index.js');
      await runDemoSeed(app);
    } catch (error) {
      await app.close();
      throw error;
    }
  }

  return app;
};

/**
 * The Koa application, without listening: the server and the tests both start from here.
 */
import Koa from 'koa';
import type { Logger } from 'pino';
import type { Config } from './config';
import { createLogger } from './logger';
import { authenticate } from './middleware/auth';
import { jsonBody } from './middleware/body';
import { apiCompression } from './middleware/compression';
import { publicApiCors } from './middleware/cors';
import { errorHandler } from './middleware/errors';
import { requestContext } from './middleware/requestContext';
import { requestLogger } from './middleware/requestLog';
import { inlineScriptHashes, securityHeaders } from './middleware/security';
import { readIndexHtml, staticSite } from './middleware/staticSite';
import { createApiKeyRouter, createApiKeyService } from './modules/apiKeys';
import { attachAudienceService, createAudienceRouter, createAudienceService } from './modules/audience';
import { createAuthRouter, createAuthService, createIdTokenVerifier, LoginThrottle } from './modules/auth';
import { createCollectionRouters, createCollectionService, createCompanyCollectionService } from './modules/collection';
import { createCompanyRouter, createCompanyService } from './modules/companies';
import { createCustomAttributeRouter, createCustomAttributeService } from './modules/customAttributes';
import { createDashboardRouter, createDashboardService } from './modules/dashboard';
import {
  createDataSourceRouter,
  createDataSourceService,
  createFieldService,
  createImportRouter,
  createIngestRouter,
  createIngestSecretRouter,
  createIngestService,
  ingestBodyBypass,
} from './modules/dataSources';
import { createDataTypeRouter } from './modules/dataTypes';
import { createExportRouter, createExportService } from './modules/export';
import { createFileRouter } from './modules/files';
import { createHealthRouter } from './modules/health';
import { createModelSettingsRouter, createModelSettingsService } from './modules/modelSettings';
import { createPlanRouter, createPlanUsageService } from './modules/plans';
import { attachPredictionRuntime, createPredictionRuntime } from './modules/prediction';
import { createRequestRouter, createRequestService } from './modules/requests';
import { createResultsRouter, createResultsService } from './modules/results';
import { createIdentifierService, createSurveyRouters, createSurveyService } from './modules/surveys';
import { createUserRouter, createUserService } from './modules/users';
import { createWritebackRouter, createWritebackService } from './modules/writeback';
import { createMailer, type Mailer } from './platform/mailer';
import { createRateLimiter } from './platform/rateLimit';
import type { AppState, Orm } from './types';

export interface AppDependencies {
  logger?: Logger;
  /** Replaces the SMTP mailer built from the configuration. */
  mailer?: Mailer | null;
  /** The clock surveys run by (publish dates, starts, end conditions); tests move it. */
  clock?: () => Date;
}

export function createApp(config: Config, orm: Orm, dependencies: AppDependencies = {}): Koa<AppState> {
  const logger = dependencies.logger ?? createLogger(config);
  const mailer = dependencies.mailer !== undefined ? dependencies.mailer : createMailer(config.smtp);
  const app = new Koa<AppState>({ proxy: config.trustProxy });
  // Failures are answered and logged by errorHandler; Koa's own stderr output would duplicate them.
  app.silent = true;
  app.on('error', (failure: unknown) => logger.error({ err: failure }, 'Response failed'));

  const auth = createAuthService({
    orm,
    config,
    throttle: new LoginThrottle(config.loginRateLimit),
    verifyIdToken: config.sso ? createIdTokenVerifier(config.sso) : null,
  });
  const users = createUserService({ orm, config, logger, mailer });
  const companies = createCompanyService({ orm });
  const dataSources = createDataSourceService({ orm, config, logger, clock: dependencies.clock });
  const fields = createFieldService({ orm });
  const requests = createRequestService({ orm, mailer, salesEmail: config.salesEmail, logger });
  const surveys = createSurveyService({ orm, now: dependencies.clock ?? (() => new Date()) });
  const identifiers = createIdentifierService({ orm });
  const clock = dependencies.clock ?? (() => new Date());
  const results = createResultsService({ orm, kind: config.database.kind, now: clock });
  // The survey widget's public API (cross-origin, no session) and the company embed screen.
  const collectionRouters = createCollectionRouters({
    collection: createCollectionService({ orm, config, now: clock }),
    settings: createCompanyCollectionService({ orm, config, now: clock }),
    limiter: createRateLimiter(orm, logger, clock),
    config,
  });

  app.use(requestLogger(logger));
  app.use(apiCompression());
  app.use(errorHandler(logger));
  const indexHtml = readIndexHtml(config.staticDir);
  app.use(securityHeaders(config, indexHtml ? inlineScriptHashes(indexHtml) : []));
  app.use(publicApiCors());
  // The prediction API's ingestion batches are larger than dashboard bodies.
  const prediction = createPredictionRuntime({ orm, config, logger, now: clock });
  attachPredictionRuntime(app, prediction);
  const audience = createAudienceService({ orm, config, logger, now: clock });
  attachAudienceService(app, audience);
  app.use(prediction.ingestBody);
  // The ingestion URL reads its own raw body (signatures cover its exact bytes).
  app.use(ingestBodyBypass);
  app.use(jsonBody());
  app.use(requestContext(orm));
  app.use(authenticate(config, orm));
  // Every /api/v1 call of a known key: rate limited, and logged once answered.
  app.use(prediction.callRecorder);

  // Pushed sources (Webhook, the customer data platform): the public ingestion URL and the secret it checks.
  const ingest = createIngestService({ orm, config, logger, now: clock });
  const routers = [
    createHealthRouter(orm),
    createAuthRouter(auth),
    createUserRouter(users),
    createCompanyRouter(companies),
    createFileRouter(orm),
    createDataTypeRouter({ orm }),
    createDataSourceRouter(dataSources, fields),
    createImportRouter({ orm, config, logger }),
    createRequestRouter(requests),
    ...createSurveyRouters(surveys, identifiers),
    createResultsRouter(results, { now: clock, logger }),
    ...collectionRouters,
    // The model screen, the Outbound API screen's keys and custom attributes, the Plans page's usage.
    createModelSettingsRouter(
      createModelSettingsService({
        orm,
        logger,
        now: clock,
        servedIndex: async (companyId) => (await prediction.snapshots.ensure(companyId)).index,
        evaluateOffline: (...request) => prediction.snapshots.evaluate(...request),
      }),
    ),
    createApiKeyRouter(createApiKeyService({ orm, now: clock })),
    createCustomAttributeRouter(createCustomAttributeService({ orm })),
    createPlanRouter(createPlanUsageService({ orm, now: clock })),
    // Export Data: the unified profiles' fields, previewed and streamed as CSV.
    createExportRouter(createExportService({ orm, kind: config.database.kind, now: clock }), { logger }),
    // The prediction API (/api/v1) and the Outbound API screen's usage, calls and comparisons.
    ...prediction.routers,
    // Audience Intelligence: unified profiles, rebuilt in the background (the server starts the refresher).
    createAudienceRouter(audience),
    // Write Back: the company's destinations and the jobs pushing its profiles to them (sent by the webhook worker).
    createWritebackRouter(createWritebackService({ orm, config, audience, now: clock }), config),
    // The dashboard overview: figures from the call rollup, the attributed outcomes' rollup and the audience.
    createDashboardRouter(createDashboardService({ orm, kind: config.database.kind, now: clock })),
    createIngestSecretRouter(ingest),
    createIngestRouter(ingest, createRateLimiter(orm, logger, clock)),
  ];
  for (const router of routers) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }

  const dashboard = staticSite(config.staticDir, indexHtml);
  if (dashboard) app.use(dashboard);
  return app;
}

/**
 * The Koa application, without listening: the server and the tests both start from here.
 */
import Koa from 'koa';
import type { Logger } from 'pino';
import type { Config } from './config';
import type { Orm } from './db';
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
import { LoginThrottle } from './modules/auth/loginThrottle';
import { createAuthRouter } from './modules/auth/routes';
import { createAuthService } from './modules/auth/service';
import { createIdTokenVerifier } from './modules/auth/sso';
import { createCompanyRouter } from './modules/companies/routes';
import { createCompanyService } from './modules/companies/service';
import { createRateLimiter } from './modules/collection/rateLimit';
import { createCollectionRouters } from './modules/collection/routes';
import { createCollectionService } from './modules/collection/service';
import { createCompanyCollectionService } from './modules/collection/settings';
import { createDataTypeRouter } from './modules/dataTypes/routes';
import { createFieldService } from './modules/dataSources/fields';
import { createDataSourceRouter } from './modules/dataSources/routes';
import { createDataSourceService } from './modules/dataSources/service';
import { createFileRouter } from './modules/files/routes';
import { createHealthRouter } from './modules/health/routes';
import { createImportRouter } from './modules/imports/routes';
import { createMailer, type Mailer } from './modules/invitations/mailer';
import { createRequestRouter } from './modules/requests/routes';
import { createRequestService } from './modules/requests/service';
import { createResultsRouter } from './modules/results/routes';
import { createResultsService } from './modules/results/service';
import { createIdentifierService } from './modules/surveys/identifiers';
import { createSurveyRouters } from './modules/surveys/routes';
import { createSurveyService } from './modules/surveys/service';
import { createUserRouter } from './modules/users/routes';
import { createUserService } from './modules/users/service';
import { createApiKeyRouter } from './modules/apiKeys/routes';
import { createApiKeyService } from './modules/apiKeys/service';
import { createCustomAttributeRouter } from './modules/customAttributes/routes';
import { createCustomAttributeService } from './modules/customAttributes/service';
import { createModelSettingsRouter } from './modules/modelSettings/routes';
import { createModelSettingsService } from './modules/modelSettings/service';
import { createPlanRouter } from './modules/plans/routes';
import { attachPredictionRuntime, createPredictionRuntime } from './modules/prediction';
import { createPlanUsageService } from './modules/plans/service';
import { attachAudienceService, createAudienceRouter } from './modules/audience/routes';
import { createAudienceService } from './modules/audience/service';
import { createExportRouter } from './modules/export/routes';
import { createExportService } from './modules/export/service';
import { createWritebackRouter } from './modules/writeback/routes';
import { createWritebackService } from './modules/writeback/service';
import { createDashboardRouter } from './modules/dashboard/routes';
import { createDashboardService } from './modules/dashboard/service';
import { createIngestRouter, createIngestSecretRouter, ingestBodyBypass } from './modules/ingest/routes';
import { createIngestService } from './modules/ingest/service';
import type { AppState } from './types';

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

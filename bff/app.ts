/**
 * The Koa application, without listening: the server and the tests both start from here.
 */
import type { EntityManager } from '@mikro-orm/core';
import Koa from 'koa';
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import type { Config } from './config';
import { authenticate } from './middleware/auth';
import { jsonBody, refuseUnstorable } from './middleware/body';
import { apiCompression } from './middleware/compression';
import { publicApiCors } from './middleware/cors';
import { errorHandler, logResponseFailure } from './middleware/errors';
import { requestContext } from './middleware/requestContext';
import { requestLogger } from './middleware/requestLog';
import { inlineScriptHashes, securityHeaders } from './middleware/security';
import { readIndexHtml, staticSite } from './middleware/staticSite';
import { createApiKeyRouter } from './modules/apiKeys';
import { createAudienceRouter } from './modules/audience';
import { auditContext, createAuditLogRouter } from './modules/audit';
import { createAuthRouter } from './modules/auth';
import { createCollectionRouters } from './modules/collection';
import { createCompanyRouter } from './modules/companies';
import { createCustomAttributeRouter } from './modules/customAttributes';
import { createDashboardRouter } from './modules/dashboard';
import { createCustomConnectorRouter, createDataSourceRouter, createImportRouter, createIngestRouter, createIngestSecretRouter, ingestBodyBypass } from './modules/dataSources';
import { createDataTypeRouter } from './modules/dataTypes';
import { createExportRouter } from './modules/export';
import { createFileRouter } from './modules/files';
import { createHealthRouter } from './modules/health';
import { createModelSettingsRouter } from './modules/modelSettings';
import { createPlanRouter } from './modules/plans';
import { createPrivacyRouters } from './modules/privacy';
import { createRequestRouter } from './modules/requests';
import { createResultsRouter } from './modules/results';
import { createSurveyRouters } from './modules/surveys';
import { createUserRouter } from './modules/users';
import { createWritebackRouter } from './modules/writeback';
import type { PredictionRuntime } from './modules/prediction';
import type { AccountChanges } from './platform/accountChanges';
import { createMetricsRegistry, metricsRoute, requestMetrics } from './platform/metrics';
import type { RateLimiter } from './platform/rateLimit';
import type { AppState, Orm } from './types';
import { routersMiddleware } from './routing';

/** What each router is handed: its module's service, as its factory asks for it. */
type ServiceOf<Factory extends (...args: never[]) => unknown, Index extends number = 0> = Parameters<Factory>[Index];

/**
 * What the HTTP layer serves: the services the runtime (bff/runtime.ts) builds, described by what
 * each router takes, so this file needs nothing from the runtime but its shape.
 */
export interface AppRuntime {
  orm: Orm;
  logger: Logger;
  /** A new EntityManager for work no request hands one (the metrics' queue reads). */
  fork(): EntityManager;
  services: {
    health: ServiceOf<typeof createHealthRouter>;
    auth: ServiceOf<typeof createAuthRouter>;
    users: ServiceOf<typeof createUserRouter>;
    companies: ServiceOf<typeof createCompanyRouter>;
    files: ServiceOf<typeof createFileRouter>;
    dataTypes: ServiceOf<typeof createDataTypeRouter>;
    dataSources: ServiceOf<typeof createDataSourceRouter>;
    fields: ServiceOf<typeof createDataSourceRouter, 1>;
    customConnectors: ServiceOf<typeof createCustomConnectorRouter>;
    requests: ServiceOf<typeof createRequestRouter>;
    surveys: ServiceOf<typeof createSurveyRouters>;
    identifiers: ServiceOf<typeof createSurveyRouters, 1>;
    results: ServiceOf<typeof createResultsRouter>;
    collection: ServiceOf<typeof createCollectionRouters>['collection'];
    collectionSettings: ServiceOf<typeof createCollectionRouters>['settings'];
    publicLimiter: RateLimiter;
    ingestLimiter: RateLimiter;
    accountChanges: AccountChanges;
    modelSettings: ServiceOf<typeof createModelSettingsRouter>;
    apiKeys: ServiceOf<typeof createApiKeyRouter>;
    customAttributes: ServiceOf<typeof createCustomAttributeRouter>;
    planUsage: ServiceOf<typeof createPlanRouter>;
    export: ServiceOf<typeof createExportRouter>;
    prediction: Pick<PredictionRuntime, 'ingestBody' | 'callRecorder' | 'routers'>;
    audience: ServiceOf<typeof createAudienceRouter>;
    writeback: ServiceOf<typeof createWritebackRouter>;
    dashboard: ServiceOf<typeof createDashboardRouter>;
    privacy: Parameters<typeof createPrivacyRouters>[0];
    ingest: ServiceOf<typeof createIngestRouter>;
  };
}

/**
 * The HTTP face of a runtime: middleware and every module's routes over its services. `metrics` is
 * the registry /metrics reads (the server's, which METRICS_PORT serves too); by default one of its own.
 */
export function createApp(config: Config, runtime: AppRuntime, metrics?: Registry): Koa<AppState> {
  const { orm, logger, services } = runtime;
  const { prediction } = services;
  const app = new Koa<AppState>({ proxy: config.trustProxy });
  // Failures are answered and logged by errorHandler; Koa's own stderr output would duplicate them.
  app.silent = true;
  app.on('error', logResponseFailure(logger));

  app.use(requestLogger(logger));
  app.use(requestMetrics());
  app.use(apiCompression());
  app.use(errorHandler(logger));
  // Only with METRICS_TOKEN set (and no METRICS_PORT): otherwise /metrics is answered as unknown.
  let registry = metrics;
  app.use(metricsRoute(config, () => (registry ??= createMetricsRegistry(runtime, logger))));
  const indexHtml = readIndexHtml(config.staticDir);
  app.use(securityHeaders(config, indexHtml ? inlineScriptHashes(indexHtml) : []));
  app.use(publicApiCors());
  // The prediction API's ingestion batches are larger than dashboard bodies.
  app.use(prediction.ingestBody);
  // The ingestion URL reads its own raw body (signatures cover its exact bytes).
  app.use(ingestBodyBypass);
  app.use(jsonBody());
  app.use(refuseUnstorable());
  app.use(requestContext(orm));
  app.use(authenticate(config, orm, services.accountChanges));
  // Who acts and from where, for the audit entries the request records.
  app.use(auditContext());
  // Every /api/v1 call of a known key: rate limited, and logged once answered.
  app.use(prediction.callRecorder);

  const routers = [
    createHealthRouter(services.health),
    createAuthRouter(services.auth),
    createUserRouter(services.users),
    createCompanyRouter(services.companies),
    // The audit log: read-only; entries are written by the modules whose actions they record.
    createAuditLogRouter({ logger, now: () => new Date() }),
    createFileRouter(services.files),
    createDataTypeRouter(services.dataTypes),
    createCustomConnectorRouter(services.customConnectors),
    createDataSourceRouter(services.dataSources, services.fields),
    createImportRouter({ config, logger }),
    createRequestRouter(services.requests),
    ...createSurveyRouters(services.surveys, services.identifiers),
    createResultsRouter(services.results),
    ...createCollectionRouters({ collection: services.collection, settings: services.collectionSettings, limiter: services.publicLimiter, config }),
    // The model screen, the Outbound API screen's keys and custom attributes, the Plans page's usage.
    createModelSettingsRouter(services.modelSettings),
    createApiKeyRouter(services.apiKeys),
    createCustomAttributeRouter(services.customAttributes),
    createPlanRouter(services.planUsage),
    // Export Data: the unified profiles' fields, previewed and streamed as CSV.
    createExportRouter(services.export),
    // The prediction API (/api/v1) and the Outbound API screen's usage, calls and comparisons.
    ...prediction.routers,
    // Audience Intelligence: unified profiles, rebuilt in the background (the runtime's audience refresh).
    createAudienceRouter(services.audience),
    // Write Back: the company's destinations and the jobs pushing its profiles to them (sent by the webhook worker).
    createWritebackRouter(services.writeback, config),
    // The dashboard overview: figures from the call rollup, the attributed outcomes' rollup and the audience.
    createDashboardRouter(services.dashboard),
    // Privacy: erasing a person, the suppression list and a person's export (also under /api/v1 for admin keys).
    ...createPrivacyRouters(services.privacy),
    // Pushed sources (Webhook, the customer data platform): the public ingestion URL and the secret it checks.
    createIngestSecretRouter(services.ingest),
    createIngestRouter(services.ingest, services.ingestLimiter),
  ];
  app.use(routersMiddleware(routers));

  const dashboard = staticSite(config.staticDir, indexHtml);
  if (dashboard) app.use(dashboard);
  return app;
}

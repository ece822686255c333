/**
 * The BFF's half of the capability map (kept apart so the dashboard's first download does not
 * carry every route of the server).
 */
import type { Capability } from './capabilities';

/**
 * Every route of the BFF, as "METHOD /path" with the router's parameter names. A route is
 * registered with its guard from this table, and one missing here cannot be registered. The
 * tenant (which company's data) is checked separately, on the resource the route touches.
 */
export const API_ROUTES = {
  'GET /api/health': 'public',
  'GET /api/health/live': 'public',
  'GET /api/health/ready': 'public',

  'POST /api/auth/login': 'public',
  'POST /api/auth/register': 'public',
  'GET /api/auth/me': 'signedIn',
  'GET /api/auth/sso-config': 'public',
  'POST /api/auth/verify-user': 'public',
  'GET /api/auth/validate-invitation/:token': 'public',
  'POST /api/auth/activate-account': 'public',
  'POST /api/auth/logout': 'public',

  'GET /api/users': 'listUsers',
  'POST /api/users/invite': 'manageUsers',
  'PUT /api/users/profile': 'signedIn',
  'PUT /api/users/profile/photo': 'signedIn',
  'DELETE /api/users/profile/photo': 'signedIn',
  'PUT /api/users/:id/status': 'manageUsers',
  'DELETE /api/users/:id': 'manageUsers',
  'POST /api/users/:id/reset-password': 'manageUsers',
  'PUT /api/users/:id/permissions': 'managePermissions',
  'DELETE /api/users/:id/sso': 'manageUsers',

  'GET /api/companies': 'signedIn',
  'POST /api/companies': 'manageCompanies',
  'PUT /api/companies/profile': 'editCompanyProfile',
  'GET /api/companies/:id': 'signedIn',
  'PUT /api/companies/:id': 'editCompanyProfile',
  'DELETE /api/companies/:id': 'manageCompanies',
  'PUT /api/companies/:id/logo': 'editCompanyProfile',
  'DELETE /api/companies/:id/logo': 'editCompanyProfile',
  // A company's single sign-on settings and the record of links, unlinks and refused sign-ins.
  'GET /api/companies/:id/sso': 'manageUsers',
  'PUT /api/companies/:id/sso': 'manageUsers',

  'GET /api/data-sources': 'viewData',
  'POST /api/data-sources': 'manageData',
  'POST /api/data-sources/test-connection': 'manageData',
  'GET /api/data-sources/custom-connectors': 'manageData',
  'POST /api/data-sources/custom-connectors': 'manageData',
  'PUT /api/data-sources/custom-connectors/:id': 'manageData',
  'DELETE /api/data-sources/custom-connectors/:id': 'manageData',
  'POST /api/data-sources/import/preview': 'manageData',
  'POST /api/data-sources/import': 'manageData',
  'GET /api/data-sources/fields': 'viewData',
  'PUT /api/data-sources/fields': 'manageData',
  'POST /api/data-sources/custom-fields': 'manageData',
  'GET /api/data-sources/templates': 'viewData',
  'DELETE /api/data-sources/templates/:id': 'manageData',
  'PUT /api/data-sources/:id': 'manageData',
  'DELETE /api/data-sources/:id': 'manageData',
  'POST /api/data-sources/:id/sync': 'manageData',
  'GET /api/data-sources/:id/runs': 'viewData',
  'PUT /api/data-sources/:id/schedule': 'manageData',
  'GET /api/data-sources/:id/records': 'viewData',
  // A pushed source's ingestion secret (shown once), and its ingestion URL: no session, the secret or a signature authenticates.
  'POST /api/data-sources/:id/ingest-secret': 'manageData',
  'POST /api/ingest/:id': 'public',
  // Segment's HTTP Tracking API under the ingestion URL: /v1/batch, /v1/track… and analytics.js's /v1/t….
  'POST /api/ingest/:id/v1/:segmentCall': 'public',

  'GET /api/data-types': 'viewData',
  'POST /api/data-types': 'manageData',
  'PUT /api/data-types/:id': 'manageData',
  'DELETE /api/data-types/:id': 'manageData',

  // CreateIQ and LiveIQ: reads need the data read permission, every change the write one.
  'GET /api/surveys/drafts': 'viewSurveys',
  'POST /api/surveys/drafts': 'manageSurveys',
  'GET /api/surveys/drafts/:id': 'viewSurveys',
  'PUT /api/surveys/drafts/:id': 'manageSurveys',
  'PATCH /api/surveys/drafts/:id/name': 'manageSurveys',
  'DELETE /api/surveys/drafts/:id': 'manageSurveys',
  'POST /api/surveys/publish': 'manageSurveys',
  'GET /api/surveys/published': 'viewSurveys',
  'GET /api/surveys/published/:id': 'viewSurveys',
  'PUT /api/surveys/published/:id/status': 'manageSurveys',
  'PUT /api/surveys/published/:id/embed-settings': 'manageSurveys',
  'PUT /api/surveys/published/:id/display-triggers': 'manageSurveys',
  'GET /api/surveys/published/:id/audience-targets': 'manageSurveys',
  'DELETE /api/surveys/published/:id': 'manageSurveys',
  'GET /api/surveys/themes': 'viewSurveys',
  'POST /api/surveys/themes': 'manageSurveys',
  'DELETE /api/surveys/themes/:id': 'manageSurveys',
  'POST /api/surveys/logos': 'manageSurveys',
  // InsightIQ: a published survey's results (analytics, responses and their CSV export).
  'GET /api/surveys/:id/analytics': 'viewSurveys',
  'GET /api/surveys/:id/responses': 'viewSurveys',
  'GET /api/surveys/:id/responses/export': 'viewSurveys',
  'GET /api/surveys/:id/user-analytics': 'viewSurveys',
  'GET /api/surveys/:id/questions/:questionId/answers': 'viewSurveys',
  'GET /api/companies/:id/global-identifiers': 'viewSurveys',
  'PUT /api/companies/:id/global-identifiers': 'manageSurveys',
  // The company embed screen: completion triggers (the webhook secret is shown once), response
  // collection settings, active surveys, the embed code's addresses and the webhook delivery log.
  'GET /api/companies/:id/trigger-settings': 'viewSurveys',
  'PUT /api/companies/:id/trigger-settings': 'manageSurveys',
  'POST /api/companies/:id/trigger-settings/webhook-secret': 'manageSurveys',
  'GET /api/companies/:id/webhook-deliveries': 'viewSurveys',
  'GET /api/companies/:id/collection-settings': 'viewSurveys',
  'PUT /api/companies/:id/collection-settings': 'manageSurveys',
  'GET /api/companies/:id/surveys/active': 'viewSurveys',
  'GET /api/companies/:id/embed-code': 'viewSurveys',
  // The survey widget's API: no session, cross-origin, rate limited per address and per survey;
  // a response is continued only with the token its start returned.
  'GET /api/public/companies/:id/surveys': 'public',
  'POST /api/public/surveys/:id/displays': 'public',
  'POST /api/public/surveys/:id/responses': 'public',
  'POST /api/public/surveys/:id/audience-membership': 'public',
  'PATCH /api/public/responses/:id': 'public',
  // Override logs: a global admin reads every company's, a company's survey managers their own.
  'POST /api/admin/override-logs': 'manageSurveys',
  'GET /api/admin/override-logs': 'manageSurveys',

  'GET /api/audit-log': 'viewAuditLog',

  // The requests inbox: anyone signed in may ask; the Navout team (global admins) reads them.
  'POST /api/requests': 'signedIn',
  'GET /api/requests': 'manageCompanies',

  // The model screen: settings versions (every save a new number), reset, and an offline evaluation.
  'GET /api/model-settings': 'viewModels',
  'PUT /api/model-settings': 'manageModels',
  'POST /api/model-settings/reset': 'manageModels',
  'GET /api/model-settings/versions': 'viewModels',
  'POST /api/model-settings/evaluate': 'viewModels',
  // The Outbound API screen: keys (the token is shown once), a Live Test key for the signed-in user,
  // usage, recent calls and their replay, custom attributes.
  'GET /api/api-keys': 'viewApi',
  'POST /api/api-keys': 'manageApi',
  'PATCH /api/api-keys/:id': 'manageApi',
  'DELETE /api/api-keys/:id': 'manageApi',
  'POST /api/api-keys/test-key': 'viewApi',
  'GET /api/api-keys/usage': 'viewApi',
  'GET /api/api-keys/calls': 'viewApi',
  'GET /api/api-keys/example': 'viewApi',
  'POST /api/api-keys/calls/:id/compare': 'viewApi',
  'GET /api/custom-attributes': 'viewApi',
  'POST /api/custom-attributes': 'manageApi',
  'PUT /api/custom-attributes/:id': 'manageApi',
  'DELETE /api/custom-attributes/:id': 'manageApi',
  // The Plans page: this month's prediction calls against the plan's allowance.
  'GET /api/plans/usage': 'viewPlans',
  // The prediction API, called by integrators with an X-API-Key.
  'POST /api/v1/predict': 'predict',
  'POST /api/v1/events': 'ingest',
  'PUT /api/v1/items': 'ingest',
  'GET /api/v1/usage': 'readKeyUsage',
  'GET /api/v1/openapi.json': 'public',

  // Audience Intelligence (global admins, for the company they view): unified profiles, their
  // categories, saved views, and the jobs that rebuild and reclassify them.
  'GET /api/audience-intelligence/metrics': 'viewAudience',
  'GET /api/audience-intelligence/categories': 'viewAudience',
  'GET /api/audience-intelligence/categories/:categoryId/users': 'viewAudience',
  'GET /api/audience-intelligence/users': 'viewAudience',
  'GET /api/audience-intelligence/users/:id': 'viewAudience',
  'GET /api/audience-intelligence/views': 'viewAudience',
  'POST /api/audience-intelligence/views': 'viewAudience',
  'DELETE /api/audience-intelligence/views/:id': 'viewAudience',
  'POST /api/audience-intelligence/reclassify': 'viewAudience',
  'POST /api/audience-intelligence/rebuild': 'viewAudience',
  'GET /api/audience-intelligence/jobs/latest': 'viewAudience',
  'GET /api/audience-intelligence/jobs/:id': 'viewAudience',
  // Write Back: a company's destinations (signed webhooks) and the jobs that deliver profiles to them.
  'GET /api/audience-intelligence/destinations': 'viewAudience',
  'POST /api/audience-intelligence/destinations': 'viewAudience',
  'PUT /api/audience-intelligence/destinations/:id': 'viewAudience',
  'DELETE /api/audience-intelligence/destinations/:id': 'viewAudience',
  'POST /api/audience-intelligence/writeback': 'viewAudience',
  'GET /api/audience-intelligence/writeback/jobs': 'viewAudience',
  'GET /api/audience-intelligence/writeback/jobs/:id': 'viewAudience',
  // The dashboard overview (/): any signed-in user, for their own company (a global admin's
  // companyFilter picks one company, or all together); preferences belong to the signed-in user.
  'GET /api/dashboard/metrics': 'signedIn',
  'GET /api/dashboard/preferences': 'signedIn',
  'PUT /api/dashboard/preferences': 'signedIn',
  'GET /api/dashboard/categories': 'signedIn',
  'GET /api/dashboard/categories/lookup': 'signedIn',
  'GET /api/dashboard/categories/:categoryKind/:categoryRef/series': 'signedIn',
  'GET /api/dashboard/api-keys': 'signedIn',
  // Export Data: the unified profiles' ten fields, previewed and streamed as CSV.
  'GET /api/export/preview': 'viewData',
  'GET /api/export/csv': 'viewData',

  // Privacy: erasing a person (a job), the suppression list intake consults, a person's export;
  // a company's admins, and admin-scoped API keys under /api/v1.
  'POST /api/privacy/erasures': 'managePrivacy',
  'GET /api/privacy/erasures': 'managePrivacy',
  'GET /api/privacy/erasures/:id': 'managePrivacy',
  'GET /api/privacy/suppressions': 'managePrivacy',
  'DELETE /api/privacy/suppressions/:id': 'managePrivacy',
  'GET /api/privacy/people/export': 'managePrivacy',
  'POST /api/v1/privacy/erasures': 'privacyApi',
  'GET /api/v1/privacy/erasures': 'privacyApi',
  'GET /api/v1/privacy/erasures/:id': 'privacyApi',
  'GET /api/v1/privacy/suppressions': 'privacyApi',
  'DELETE /api/v1/privacy/suppressions/:id': 'privacyApi',
  'GET /api/v1/privacy/people/export': 'privacyApi',

  // Logos and photos: public by their unguessable ids, so every device (and the widget) shows them.
  'GET /api/files/:fileId': 'public',
} as const satisfies Record<string, Capability>;

export type ApiRoute = keyof typeof API_ROUTES;

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

  'GET /api/companies': 'signedIn',
  'POST /api/companies': 'manageCompanies',
  'PUT /api/companies/profile': 'editCompanyProfile',
  'GET /api/companies/:id': 'signedIn',
  'PUT /api/companies/:id': 'editCompanyProfile',
  'DELETE /api/companies/:id': 'manageCompanies',
  'PUT /api/companies/:id/logo': 'editCompanyProfile',
  'DELETE /api/companies/:id/logo': 'editCompanyProfile',

  'GET /api/data-sources': 'viewData',
  'POST /api/data-sources': 'manageData',
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
  'GET /api/data-sources/:id/records': 'viewData',

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
  'DELETE /api/surveys/published/:id': 'manageSurveys',
  'GET /api/surveys/themes': 'viewSurveys',
  'POST /api/surveys/themes': 'manageSurveys',
  'DELETE /api/surveys/themes/:id': 'manageSurveys',
  'POST /api/surveys/logos': 'manageSurveys',
  'GET /api/companies/:id/global-identifiers': 'viewSurveys',
  'PUT /api/companies/:id/global-identifiers': 'manageSurveys',
  // Override logs: a global admin reads every company's, a company's survey managers their own.
  'POST /api/admin/override-logs': 'manageSurveys',
  'GET /api/admin/override-logs': 'manageSurveys',

  // The requests inbox: anyone signed in may ask; the Navout team (global admins) reads them.
  'POST /api/requests': 'signedIn',
  'GET /api/requests': 'manageCompanies',

  // Logos and photos: public by their unguessable ids, so every device (and the widget) shows them.
  'GET /api/files/:fileId': 'public',
} as const satisfies Record<string, Capability>;

export type ApiRoute = keyof typeof API_ROUTES;

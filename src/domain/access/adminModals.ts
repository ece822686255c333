/**
 * The administration modals: their names, who may open each, and the API calls each makes to
 * show itself.
 */
import type { ApiRoute } from './apiRoutes';
import type { Capability } from './capabilities';

export const ADMIN_MODAL_NAMES = ['companies', 'users', 'permissions', 'companyProfile', 'profileSettings', 'requests', 'overrideLogs', 'auditLog', 'privacy'] as const;
export type AdminModalName = (typeof ADMIN_MODAL_NAMES)[number];

/**
 * The administration modals: who may open one, and the API calls it makes to show itself (a
 * test checks that whoever may open a modal may make those calls). Actions inside a modal that
 * need more (deleting a user, uploading a logo) are shown only to callers with their capability.
 */
export const ADMIN_MODALS = {
  companies: { capability: 'manageCompanies', loads: ['GET /api/companies'] },
  // The company in view names the modal and decides who may be made a Global Admin; a global
  // admin viewing all companies also gets the list to invite into.
  users: { capability: 'viewUsers', loads: ['GET /api/users', 'GET /api/companies/:id', 'GET /api/companies'] },
  permissions: { capability: 'managePermissions', loads: ['GET /api/users', 'GET /api/companies/:id'] },
  companyProfile: { capability: 'editCompanyProfile', loads: ['GET /api/companies/:id'] },
  profileSettings: { capability: 'signedIn', loads: [] },
  // The Navout team's inbox: custom API and Contact Sales requests from every company.
  requests: { capability: 'manageCompanies', loads: ['GET /api/requests'] },
  // Surveys that use their own identifier settings instead of their company's, newest first.
  overrideLogs: { capability: 'reviewOverrideLogs', loads: ['GET /api/admin/override-logs'] },
  // Security and administration actions: a company administrator's own company, a global admin's every company.
  auditLog: { capability: 'viewAuditLog', loads: ['GET /api/audit-log'] },
  // Erasing a person, the erasure jobs and the suppression list of the company in view.
  privacy: { capability: 'managePrivacy', loads: ['GET /api/privacy/erasures', 'GET /api/privacy/suppressions'] },
} as const satisfies Record<AdminModalName, { capability: Capability; loads: readonly ApiRoute[] }>;

/**
 * Who may do what (platform specification, section 6): one map of capabilities, and where each
 * one is needed — the dashboard's screens, its user menu, the administration modals and every
 * route of the BFF. The router, the sidebar, the user menu, the modal registry and the BFF's
 * route guards all read this file, so they cannot disagree; a test walks the router and the BFF
 * and fails on a route without an entry here.
 */
import { scopeSatisfies, type ApiKeyScope } from '../apiKeys';
import { hasPermission, roleSatisfies, type Permission, type Role } from '../auth/roles';

export type Requirement =
  | { kind: 'public' }
  /** Any signed-in user (never an API key). */
  | { kind: 'signedIn' }
  | { kind: 'permission'; permission: Permission }
  /** The role or a higher one (admin satisfies every role). */
  | { kind: 'role'; role: Role }
  /** Role admin or admin:all, in the internal company: reaches every company. */
  | { kind: 'globalAdmin' }
  /** A caller with an API key holding this scope. */
  | { kind: 'apiKey'; scope: ApiKeyScope }
  | { kind: 'anyOf'; options: readonly Requirement[] }
  | { kind: 'allOf'; requirements: readonly Requirement[] };

const PUBLIC: Requirement = { kind: 'public' };
const SIGNED_IN: Requirement = { kind: 'signedIn' };
const permission = (name: Permission): Requirement => ({ kind: 'permission', permission: name });
const role = (name: Role): Requirement => ({ kind: 'role', role: name });
const GLOBAL_ADMIN: Requirement = { kind: 'globalAdmin' };
const anyOf = (...options: Requirement[]): Requirement => ({ kind: 'anyOf', options });
const allOf = (...requirements: Requirement[]): Requirement => ({ kind: 'allOf', requirements });

/** company_admin's default permission set has neither users:permissions nor settings:write, yet both screens are theirs by role. */
const MANAGE_PERMISSIONS = anyOf(role('company_admin'), permission('users:permissions'));
const EDIT_COMPANY_PROFILE = anyOf(role('company_admin'), permission('settings:write'));

export const CAPABILITIES = {
  public: PUBLIC,
  signedIn: SIGNED_IN,
  viewAudience: role('admin'),
  /** Data sources, data types, export and the survey screens share the data permission. */
  viewData: permission('data_sources:read'),
  /** Connecting, importing, mapping, data types: changing a company's data. */
  manageData: permission('data_sources:write'),
  /** CreateIQ and LiveIQ: the route guard of the data document, section 2. */
  viewSurveys: permission('data_sources:read'),
  /** Drafts, publishing, starting, styling and deleting surveys. */
  manageSurveys: permission('data_sources:write'),
  viewApi: permission('api:read'),
  /** API keys and custom attributes. */
  manageApi: permission('api:write'),
  viewModels: permission('models:read'),
  /** Saving and resetting the model settings. */
  manageModels: permission('models:write'),
  /** The prediction API's callers: a key's scope decides what it may call. */
  predict: { kind: 'apiKey', scope: 'read' },
  ingest: { kind: 'apiKey', scope: 'write' },
  readKeyUsage: { kind: 'apiKey', scope: 'admin' },
  viewPlans: permission('plans:read'),
  manageCompanies: GLOBAL_ADMIN,
  /** The company filter ("View Data For"): choosing whose data to see. */
  chooseCompany: GLOBAL_ADMIN,
  viewUsers: permission('users:read'),
  /** Whoever manages users or their permissions needs the list of users. */
  listUsers: anyOf(permission('users:read'), MANAGE_PERMISSIONS),
  manageUsers: permission('users:write'),
  managePermissions: MANAGE_PERMISSIONS,
  editCompanyProfile: EDIT_COMPANY_PROFILE,
  /** The audit log: a company administrator reads their company's, a global admin every company's. */
  viewAuditLog: role('company_admin'),
  /**
   * The override logs of every company, for the Navout team. The list is read through a survey
   * route, which needs manageSurveys: asking for both keeps the menu entry from showing to a
   * caller the route would refuse.
   */
  reviewOverrideLogs: allOf(GLOBAL_ADMIN, permission('data_sources:write')),
  /** Erasing a person, the suppression list and a person's export: a company's admins (GDPR requests). */
  managePrivacy: role('company_admin'),
  /** The same, for a program: an API key with the admin scope. */
  privacyApi: { kind: 'apiKey', scope: 'admin' },
} as const satisfies Record<string, Requirement>;

export type Capability = keyof typeof CAPABILITIES;

/** Who is asking: a signed-in user, an API key, or nobody. */
export type Caller =
  | { kind: 'user'; role: Role; permissions: readonly string[]; isGlobalAdmin: boolean }
  | { kind: 'apiKey'; scopes: readonly ApiKeyScope[] }
  | null;

export function meets(requirement: Requirement, caller: Caller): boolean {
  switch (requirement.kind) {
    case 'public':
      return true;
    case 'anyOf':
      return requirement.options.some((option) => meets(option, caller));
    case 'allOf':
      return requirement.requirements.every((part) => meets(part, caller));
    case 'apiKey':
      return caller?.kind === 'apiKey' && scopeSatisfies(caller.scopes, requirement.scope);
  }
  if (caller?.kind !== 'user') return false;
  switch (requirement.kind) {
    case 'signedIn':
      return true;
    case 'permission':
      return hasPermission(caller, requirement.permission);
    case 'role':
      return caller.isGlobalAdmin || roleSatisfies(caller.role, requirement.role);
    case 'globalAdmin':
      return caller.isGlobalAdmin;
  }
}

export function allows(capability: Capability, caller: Caller): boolean {
  return meets(CAPABILITIES[capability], caller);
}

function describeRequirement(requirement: Requirement): string {
  switch (requirement.kind) {
    case 'public':
      return 'nothing';
    case 'signedIn':
      return 'a signed-in user';
    case 'permission':
      return `the ${requirement.permission} permission`;
    case 'role':
      return `the ${requirement.role} role`;
    case 'globalAdmin':
      return 'a global admin';
    case 'apiKey':
      return `an API key with the ${requirement.scope} scope`;
    case 'anyOf':
      return requirement.options.map(describeRequirement).join(' or ');
    case 'allOf':
      return requirement.requirements.map(describeRequirement).join(' and ');
  }
}

/** "This action needs the users:write permission.": why a caller was refused. */
export function describeCapability(capability: Capability): string {
  return `This action needs ${describeRequirement(CAPABILITIES[capability])}.`;
}

/** The dashboard's pages, by path (the route table reads its access from here). */
export const SCREENS = {
  '/login': 'public',
  '/register': 'public',
  // Part of the flow after registration: it edits the new company, so it needs the new session.
  '/company-profile': 'signedIn',
  '/setup-account': 'public',
  '/unauthorized': 'public',
  '/': 'signedIn',
  '/audience-intelligence': 'viewAudience',
  '/data-sources': 'viewData',
  '/data-types': 'viewData',
  '/outbound-api': 'viewApi',
  '/export-data': 'viewData',
  '/zero-party/survey-creation': 'viewSurveys',
  '/zero-party/survey-published': 'viewSurveys',
  '/discovery-settings': 'viewModels',
  '/plans': 'viewPlans',
} as const satisfies Record<string, Capability>;

export type ScreenPath = keyof typeof SCREENS;

/** The header's user menu, by entry (platform specification, section 2: Admin Controls, Company Filter, User Profile). */
export const USER_MENU = {
  manageCompanies: 'manageCompanies',
  manageUsers: 'viewUsers',
  managePermissions: 'managePermissions',
  companyProfile: 'editCompanyProfile',
  requestsInbox: 'manageCompanies',
  overrideLogs: 'reviewOverrideLogs',
  auditLog: 'viewAuditLog',
  privacy: 'managePrivacy',
  plans: 'viewPlans',
  companyFilter: 'chooseCompany',
  profileSettings: 'signedIn',
  logout: 'signedIn',
} as const satisfies Record<string, Capability>;


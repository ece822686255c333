/**
 * The route table (platform specification, section 2): every page of the dashboard, who may open
 * it, whether it sits in the shell with navigation, and where it appears in the sidebar. The
 * router (router.tsx) and the sidebar (shell/navigation.ts) are both derived from this file.
 *
 * Every page is its own lazily loaded chunk, so a visitor downloads only the page they open.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { needsPermission, needsRole, PUBLIC, SIGNED_IN, type RouteAccess } from './guards/access';

/** React.lazy for modules that export their page by name. */
function lazyPage<Module, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

export type NavGroupId = 'overview' | 'data' | 'surveys' | 'discovery';

/**
 * Icons are named here and drawn by the shell (shell/navIcons.ts), so the first download (which
 * includes this table) does not carry the sidebar's artwork.
 */
export type NavIconName =
  | 'insights'
  | 'storage'
  | 'poll'
  | 'explore'
  | 'dashboard'
  | 'audience'
  | 'dataSources'
  | 'dataTypes'
  | 'outboundApi'
  | 'exportData'
  | 'surveyCreation'
  | 'surveyPublished'
  | 'discoverySettings';

export interface NavGroupDefinition {
  id: NavGroupId;
  label: string;
  icon: NavIconName;
}

/** The sidebar's four expandable groups, in their order. */
export const NAV_GROUP_DEFINITIONS: readonly NavGroupDefinition[] = [
  { id: 'overview', label: 'Overview', icon: 'insights' },
  { id: 'data', label: 'Data', icon: 'storage' },
  { id: 'surveys', label: 'Surveys', icon: 'poll' },
  { id: 'discovery', label: 'Discovery', icon: 'explore' },
];

export interface AppRoute {
  path: string;
  /** The page's name: document title and sidebar label. */
  title: string;
  access: RouteAccess;
  /** 'shell': under the layout with sidebar and header; 'bare': a page of its own. */
  layout: 'shell' | 'bare';
  page: LazyExoticComponent<ComponentType>;
  /** Where the page appears in the sidebar; items keep the order of this table. */
  nav?: { group: NavGroupId; icon: NavIconName };
}

export const APP_ROUTES: readonly AppRoute[] = [
  {
    path: '/login',
    title: 'Sign in',
    access: PUBLIC,
    layout: 'bare',
    page: lazyPage(() => import('@/features/auth/LoginPage'), 'LoginPage'),
  },
  {
    path: '/register',
    title: 'Create Account',
    access: PUBLIC,
    layout: 'bare',
    page: lazyPage(() => import('@/features/auth/RegisterPage'), 'RegisterPage'),
  },
  {
    // Part of the flow after registration: it edits the new company, so it needs the new session.
    path: '/company-profile',
    title: 'Company Profile',
    access: SIGNED_IN,
    layout: 'bare',
    page: lazyPage(() => import('@/features/auth/CompanyProfileWizardPage'), 'CompanyProfileWizardPage'),
  },
  {
    path: '/setup-account',
    title: 'Set Up Your Account',
    access: PUBLIC,
    layout: 'bare',
    page: lazyPage(() => import('@/features/auth/SetupAccountPage'), 'SetupAccountPage'),
  },
  {
    path: '/unauthorized',
    title: 'Access Denied',
    access: PUBLIC,
    layout: 'bare',
    page: lazyPage(() => import('@/features/unauthorized/UnauthorizedPage'), 'UnauthorizedPage'),
  },
  {
    path: '/',
    title: 'Dashboard',
    access: SIGNED_IN,
    layout: 'shell',
    page: lazyPage(() => import('@/features/dashboard/OverviewPage'), 'OverviewPage'),
    nav: { group: 'overview', icon: 'dashboard' },
  },
  {
    path: '/audience-intelligence',
    title: 'Audience Intelligence',
    access: needsRole('admin'),
    layout: 'shell',
    page: lazyPage(() => import('@/features/audience-intelligence/AudienceIntelligencePage'), 'AudienceIntelligencePage'),
    nav: { group: 'overview', icon: 'audience' },
  },
  {
    path: '/data-sources',
    title: 'Data Sources',
    access: needsPermission('data_sources:read'),
    layout: 'shell',
    page: lazyPage(() => import('@/features/data-sources/DataSourcesPage'), 'DataSourcesPage'),
    nav: { group: 'data', icon: 'dataSources' },
  },
  {
    path: '/data-types',
    title: 'Data Types',
    access: needsPermission('data_sources:read'),
    layout: 'shell',
    page: lazyPage(() => import('@/features/data-types/DataTypesPage'), 'DataTypesPage'),
    nav: { group: 'data', icon: 'dataTypes' },
  },
  {
    path: '/outbound-api',
    title: 'Outbound API',
    access: needsPermission('api:read'),
    layout: 'shell',
    page: lazyPage(() => import('@/features/outbound-api/OutboundApiPage'), 'OutboundApiPage'),
    nav: { group: 'data', icon: 'outboundApi' },
  },
  {
    path: '/export-data',
    title: 'Export Data',
    access: needsPermission('data_sources:read'),
    layout: 'shell',
    page: lazyPage(() => import('@/features/export-data/ExportDataPage'), 'ExportDataPage'),
    nav: { group: 'data', icon: 'exportData' },
  },
  {
    path: '/zero-party/survey-creation',
    title: 'CreateIQ',
    access: needsPermission('data_sources:read'),
    layout: 'shell',
    page: lazyPage(() => import('@/features/surveys/SurveyCreationPage'), 'SurveyCreationPage'),
    nav: { group: 'surveys', icon: 'surveyCreation' },
  },
  {
    path: '/zero-party/survey-published',
    title: 'LiveIQ',
    access: needsPermission('data_sources:read'),
    layout: 'shell',
    page: lazyPage(() => import('@/features/surveys/SurveyPublishedPage'), 'SurveyPublishedPage'),
    nav: { group: 'surveys', icon: 'surveyPublished' },
  },
  {
    path: '/discovery-settings',
    title: 'Discovery Settings',
    access: needsPermission('models:read'),
    layout: 'shell',
    page: lazyPage(() => import('@/features/discovery-settings/DiscoverySettingsPage'), 'DiscoverySettingsPage'),
    nav: { group: 'discovery', icon: 'discoverySettings' },
  },
  {
    path: '/plans',
    title: 'Plans',
    access: needsPermission('plans:read'),
    layout: 'shell',
    page: lazyPage(() => import('@/features/plans/PlansPage'), 'default'),
  },
];

/** Old addresses kept working: the activation page sends new users to /dashboard. */
export const ROUTE_REDIRECTS: readonly { from: string; to: string }[] = [{ from: '/dashboard', to: '/' }];

export const NOT_FOUND_PAGE = lazyPage(() => import('./pages/NotFoundPage'), 'NotFoundPage');

export function routeTitle(pathname: string): string | undefined {
  return APP_ROUTES.find((route) => route.path === pathname)?.title;
}

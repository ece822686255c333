/**
 * The route table (platform specification, section 2): every page of the dashboard, whether it
 * sits in the shell with navigation, and where it appears in the sidebar. Who may open a page is
 * not written here: it is the page's entry in the capability map (SCREENS). The router
 * (router.tsx) and the sidebar (shell/navigation.ts, handed this table by the router) are both
 * derived from this file.
 *
 * Every page is its own lazily loaded chunk, so a visitor downloads only the page they open.
 */
import { SCREENS, type Capability, type ScreenPath } from '@domain/access/capabilities';
import { lazyExport, type PreloadableComponent } from '@/lib/lazyExport';
import { AudienceIntelligencePage } from '@/features/audience-intelligence';
import { CompanyProfileWizardPage, LoginPage, RegisterPage, SetupAccountPage } from '@/features/auth';
import { OverviewPage } from '@/features/dashboard';
import { DataSourcesPage } from '@/features/data-sources';
import { DataTypesPage } from '@/features/data-types';
import { DiscoverySettingsPage } from '@/features/discovery-settings';
import { ExportDataPage } from '@/features/export-data';
import { OutboundApiPage } from '@/features/outbound-api';
import { PlansPage } from '@/features/plans';
import { SurveyCreationPage, SurveyPublishedPage } from '@/features/surveys';
import { UnauthorizedPage } from '@/features/unauthorized';
import type { NavGroupId, NavIconName } from './shell/navNames';

export interface AppRoute {
  path: ScreenPath;
  /** The page's name: document title and sidebar label. */
  title: string;
  /** Who may open the page: SCREENS[path]. */
  access: Capability;
  /** 'shell': under the layout with sidebar and header; 'bare': a page of its own. */
  layout: 'shell' | 'bare';
  page: PreloadableComponent;
  /** Where the page appears in the sidebar; items keep the order of this table. */
  nav?: { group: NavGroupId; icon: NavIconName };
}

/** A page at `path`, opened by whoever its SCREENS entry allows. */
function screen(path: ScreenPath, page: Omit<AppRoute, 'path' | 'access'>): AppRoute {
  return { path, access: SCREENS[path], ...page };
}

export const APP_ROUTES: readonly AppRoute[] = [
  screen('/login', {
    title: 'Sign in',
    layout: 'bare',
    page: LoginPage,
  }),
  screen('/register', {
    title: 'Create Account',
    layout: 'bare',
    page: RegisterPage,
  }),
  screen('/company-profile', {
    title: 'Company Profile',
    layout: 'bare',
    page: CompanyProfileWizardPage,
  }),
  screen('/setup-account', {
    title: 'Set Up Your Account',
    layout: 'bare',
    page: SetupAccountPage,
  }),
  screen('/unauthorized', {
    title: 'Access Denied',
    layout: 'bare',
    page: UnauthorizedPage,
  }),
  screen('/', {
    title: 'Dashboard',
    layout: 'shell',
    page: OverviewPage,
    nav: { group: 'overview', icon: 'dashboard' },
  }),
  screen('/audience-intelligence', {
    title: 'Audience Intelligence',
    layout: 'shell',
    page: AudienceIntelligencePage,
    nav: { group: 'overview', icon: 'audience' },
  }),
  screen('/data-sources', {
    title: 'Data Sources',
    layout: 'shell',
    page: DataSourcesPage,
    nav: { group: 'data', icon: 'dataSources' },
  }),
  screen('/data-types', {
    title: 'Data Types',
    layout: 'shell',
    page: DataTypesPage,
    nav: { group: 'data', icon: 'dataTypes' },
  }),
  screen('/outbound-api', {
    title: 'Outbound API',
    layout: 'shell',
    page: OutboundApiPage,
    nav: { group: 'data', icon: 'outboundApi' },
  }),
  screen('/export-data', {
    title: 'Export Data',
    layout: 'shell',
    page: ExportDataPage,
    nav: { group: 'data', icon: 'exportData' },
  }),
  screen('/zero-party/survey-creation', {
    title: 'CreateIQ',
    layout: 'shell',
    page: SurveyCreationPage,
    nav: { group: 'surveys', icon: 'surveyCreation' },
  }),
  screen('/zero-party/survey-published', {
    title: 'LiveIQ',
    layout: 'shell',
    page: SurveyPublishedPage,
    nav: { group: 'surveys', icon: 'surveyPublished' },
  }),
  screen('/discovery-settings', {
    title: 'Discovery Settings',
    layout: 'shell',
    page: DiscoverySettingsPage,
    nav: { group: 'discovery', icon: 'discoverySettings' },
  }),
  screen('/plans', {
    title: 'Plans',
    layout: 'shell',
    page: PlansPage,
  }),
];

/** Old addresses kept working: the activation page sends new users to /dashboard. */
export const ROUTE_REDIRECTS: readonly { from: string; to: string }[] = [{ from: '/dashboard', to: '/' }];

export const NOT_FOUND_PAGE = lazyExport(() => import('./pages/NotFoundPage'), 'NotFoundPage');

export function routeTitle(pathname: string): string | undefined {
  return APP_ROUTES.find((route) => route.path === pathname)?.title;
}

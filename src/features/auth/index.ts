/**
 * Signing in, registering, activating an invitation and describing the new company, and the
 * providers that own the session. The pages load on first visit; the providers are mounted by app/.
 */
import { lazyExport } from '@/lib/lazyExport';

export { AuthProvider } from './AuthProvider';
export { CompanyFilterProvider } from './CompanyFilterProvider';
export { SsoProvider } from './SsoProvider';

export const LoginPage = lazyExport(() => import('./LoginPage'), 'LoginPage');
export const RegisterPage = lazyExport(() => import('./RegisterPage'), 'RegisterPage');
export const CompanyProfileWizardPage = lazyExport(() => import('./CompanyProfileWizardPage'), 'CompanyProfileWizardPage');
export const SetupAccountPage = lazyExport(() => import('./SetupAccountPage'), 'SetupAccountPage');

/** The sign-in messages of the specification, quoted exactly: the dashboard and its tests rely on them. */
import type { UserStatus } from '@domain/company/options';

export const INVALID_CREDENTIALS = 'Invalid credentials';
export const ACCOUNT_SUSPENDED = 'Your account has been suspended. Please contact your administrator.';
export const ACCOUNT_NOT_ACTIVATED =
  'Your account has not been activated yet. Please use the invitation link you received.';
export const COMPANY_INACTIVE = 'Your company account is not active. Please contact your administrator.';
export const EMAIL_EXISTS = 'Email already exists';
export const INVALID_INVITATION =
  'Invalid or expired invitation link. Please contact your administrator for a new invitation.';
export const INVITATION_USED = 'This invitation has already been used. Please sign in instead.';
export const SSO_NOT_CONFIGURED = 'Single sign-on is not configured';
export const INVALID_IDENTITY_TOKEN = 'Invalid identity token';
export const USER_NOT_FOUND = 'User not found';
export const ONLY_GLOBAL_ADMIN_ASSIGNS = 'Only a global admin can assign Global Admin';

export const ACCOUNT_STATUS_FAILURES: Partial<Record<UserStatus, { error: string; message: string }>> = {
  suspended: { error: ACCOUNT_SUSPENDED, message: ACCOUNT_SUSPENDED },
  invited: { error: ACCOUNT_NOT_ACTIVATED, message: ACCOUNT_NOT_ACTIVATED },
};

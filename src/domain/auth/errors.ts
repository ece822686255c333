/**
 * How the sign-in, registration and invitation screens word a failure (platform specification,
 * section 8). Pure functions of an error's status and message, so they are tested without a DOM.
 */

export interface FailureLike {
  status?: number;
  message?: string;
}

function describe(error: unknown): FailureLike {
  if (error && typeof error === 'object') {
    const { status, message } = error as { status?: unknown; message?: unknown };
    return {
      status: typeof status === 'number' ? status : undefined,
      message: typeof message === 'string' ? message : undefined,
    };
  }
  return {};
}

export const NETWORK_ERROR = 'Network error. Please try again.';
export const SERVER_ERROR = 'Server error. Please try again later.';

/** A message produced by the client itself rather than sent by the server. */
function isGeneric(message: string | undefined): boolean {
  return !message || message.startsWith('HTTP error! status:') || message === 'Network error' || message === 'Request timed out';
}

export function loginErrorMessage(error: unknown): string {
  const { status, message } = describe(error);
  if (message === 'Invalid credentials' || status === 401) return 'Invalid email or password. Please try again.';
  if (message === 'User not found' || status === 404)
    return 'User not found. Please contact your administrator to get access to the dashboard.';
  if (status === 500) return SERVER_ERROR;
  if (status !== undefined && !isGeneric(message)) return message!;
  return NETWORK_ERROR;
}

export function registerErrorMessage(error: unknown): string {
  const { status, message } = describe(error);
  if (message === 'Email already exists')
    return 'An account with this email already exists. Please try logging in instead.';
  if (status === 400) return 'Invalid registration data. Please check your information and try again.';
  if (status === 500) return SERVER_ERROR;
  if (status !== undefined && !isGeneric(message)) return message!;
  return NETWORK_ERROR;
}

export function invitationValidationErrorMessage(error: unknown): string {
  const { status, message } = describe(error);
  if (status !== undefined && !isGeneric(message)) return message!;
  return 'Invalid or expired invitation link. Please contact your administrator for a new invitation.';
}

export function activationErrorMessage(error: unknown): string {
  const { status, message } = describe(error);
  if (status !== undefined && !isGeneric(message)) return message!;
  return 'Failed to activate account. Please try again.';
}

/**
 * How the sign-in, registration and invitation screens word a failure (platform specification,
 * section 8). Pure functions of an error's code, status and message, so they are tested without a
 * DOM. Where the specification names a server message, they branch on the API's error code
 * instead of its English wording; where it names an HTTP status, on the status.
 */
import type { ErrorCode } from '../errors';

export interface FailureLike {
  status?: number;
  message?: string;
  code?: ErrorCode;
}

function describe(error: unknown): FailureLike {
  if (error && typeof error === 'object') {
    const { status, message, code } = error as { status?: unknown; message?: unknown; code?: unknown };
    return {
      status: typeof status === 'number' ? status : undefined,
      message: typeof message === 'string' ? message : undefined,
      // Compared with known codes only, so the error catalogue itself (errorCodeOf) is not needed
      // here: these messages belong to the sign-in screens, the first thing a visitor downloads.
      code: typeof code === 'string' ? (code as ErrorCode) : undefined,
    };
  }
  return {};
}

export const NETWORK_ERROR = 'Network error. Please try again.';
export const SERVER_ERROR = 'Server error. Please try again later.';

/** A message produced by the client itself rather than sent by the server. */
function isClientWording(message: string | undefined): boolean {
  return !message || message.startsWith('HTTP error! status:') || message === 'Network error' || message === 'Request timed out';
}

/**
 * The server's own words for this failure, when it answered with any: not the client's stand-ins,
 * nor the server's "something went wrong on our side", which says nothing the fallback does not.
 */
function serverWording({ status, message, code }: FailureLike): string | undefined {
  if (status === undefined || code === 'internal_error' || isClientWording(message)) return undefined;
  return message;
}

export function loginErrorMessage(error: unknown): string {
  const failure = describe(error);
  const { status, code } = failure;
  if (code === 'invalid_credentials' || status === 401) return 'Invalid email or password. Please try again.';
  if (code === 'user_not_found' || status === 404)
    return 'User not found. Please contact your administrator to get access to the dashboard.';
  if (status === 500) return SERVER_ERROR;
  return serverWording(failure) ?? NETWORK_ERROR;
}

export function registerErrorMessage(error: unknown): string {
  const failure = describe(error);
  const { status, code } = failure;
  if (code === 'email_taken') return 'An account with this email already exists. Please try logging in instead.';
  if (status === 400) return 'Invalid registration data. Please check your information and try again.';
  if (status === 500) return SERVER_ERROR;
  return serverWording(failure) ?? NETWORK_ERROR;
}

export function invitationValidationErrorMessage(error: unknown): string {
  return (
    serverWording(describe(error)) ??
    'Invalid or expired invitation link. Please contact your administrator for a new invitation.'
  );
}

export function activationErrorMessage(error: unknown): string {
  return serverWording(describe(error)) ?? 'Failed to activate account. Please try again.';
}

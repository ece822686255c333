/**
 * How the administration screens word a failed call. The specification gives the first line
 * ("Failed to delete user"); the server's own reason (ApiError.message, from its `error` field)
 * tells the admin what to fix, so it is shown too.
 */
import { ApiError } from './apiClient';

/** The reason the server (or the network layer) gave, if any. */
export function failureReason(error: unknown): string | undefined {
  return error instanceof Error && error.message ? error.message : undefined;
}

/** "Failed to update user status: Cannot suspend yourself", the form the specification shows. */
export function withReason(message: string, error: unknown): string {
  const reason = failureReason(error);
  return reason ? `${message}: ${reason}` : message;
}

/** The reason given for a failure that came with none. */
export const UNKNOWN_REASON = 'Unknown error';

/**
 * The server's sentence about a failure ("Question 2 has a condition on ...", "Choose a company
 * first"): the body's `message` says what to fix, where ApiError.message carries only the short
 * `error`. Without one, the failure's own reason; without that, `otherwise`.
 */
export function serverMessage(error: unknown, otherwise = ''): string {
  if (error instanceof ApiError && error.body && typeof error.body === 'object') {
    const { message } = error.body as { message?: unknown };
    if (typeof message === 'string' && message) return message;
  }
  return failureReason(error) ?? otherwise;
}

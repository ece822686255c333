/**
 * How the administration screens word a failed call. The specification gives the first line
 * ("Failed to delete user"); the server's own reason (ApiError.message, from its `error` field)
 * tells the admin what to fix, so it is shown too.
 */

/** The reason the server (or the network layer) gave, if any. */
export function failureReason(error: unknown): string | undefined {
  return error instanceof Error && error.message ? error.message : undefined;
}

/** "Failed to update user status: Cannot suspend yourself", the form the specification shows. */
export function withReason(message: string, error: unknown): string {
  const reason = failureReason(error);
  return reason ? `${message}: ${reason}` : message;
}

/** Business constants and limits (platform specification, section 9). */

export const API_TIMEOUT_MS = 10_000;
export const API_RETRY_DELAYS_MS = [1_000, 2_000] as const;

export const REGISTER_PASSWORD_MIN = 6;
export const ACCOUNT_PASSWORD_MIN = 8;

export const MB = 1024 * 1024;
export const PERMISSIONS_LOGO_MAX_BYTES = 2 * MB;
export const PROFILE_IMAGE_MAX_BYTES = 5 * MB;

export const ACTIVATION_REDIRECT_MS = 2_000;
export const PROFILE_MODAL_CLOSE_MS = 1_500;

export const INVITATION_TTL_DAYS = 7;

/** Longest accepted text for short fields (names, e-mails, domains); generous but bounded. */
export const SHORT_TEXT_MAX = 200;
/** Longest accepted text for descriptions and addresses. */
export const LONG_TEXT_MAX = 2_000;

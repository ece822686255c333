/**
 * The redirect bridge page of MSAL 5: the sign-in popup comes back here and hands the answer to
 * the window that opened it. It must be registered as a redirect URI of the Entra app, and the
 * BFF serves it without a Cross-Origin-Opener-Policy header, which would cut the popup off from
 * its opener.
 */
export const SSO_REDIRECT_PATH = '/auth/redirect';

/** How an e-mail address is stored and looked up (accounts, sign-in, invitations): trimmed, lower case. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

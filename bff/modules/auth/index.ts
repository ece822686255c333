/**
 * Sign-in's public face: the auth routes and service, the login throttle and the SSO token verifier.
 */
export { LoginThrottle } from './loginThrottle';
export { createAuthRouter } from './routes';
export { createAuthService } from './service';
export { createIdTokenVerifier } from './sso';

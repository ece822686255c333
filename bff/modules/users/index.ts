/**
 * Users' public face: routes, service, session presentation and how e-mail addresses are normalised.
 */
export { normalizeEmail } from './email';
export { permissionsOf, presentSessionUser } from './present';
export { createUserRouter } from './routes';
export { createUserService } from './service';

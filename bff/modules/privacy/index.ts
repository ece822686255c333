/**
 * Privacy's public face: erasure of a person with the suppression list every intake path consults
 * (isSuppressed, dropSuppressed), the person export, and the routes.
 */
export { createPrivacyRouters } from './routes';
export { createPrivacyService, type PrivacyService, WIDGET_SOURCE } from './service';
export { dropSuppressed, isSuppressed } from './suppression';

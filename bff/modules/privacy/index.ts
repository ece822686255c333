/**
 * Privacy's public face: erasure of a person (which adds them to the suppression list every intake
 * path consults: bff/modules/suppression), the person export, and the routes.
 */
export { createPrivacyRouters } from './routes';
export { createPrivacyService, type PrivacyService } from './service';

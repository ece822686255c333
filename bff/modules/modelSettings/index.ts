/**
 * The model screen's public face: routes and service.
 */
export { createModelSettingsRouter } from './routes';
export { createModelSettingsService } from './service';

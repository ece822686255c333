/**
 * Custom attributes' public face: routes and service.
 */
export { createCustomAttributeRouter } from './routes';
export { createCustomAttributeService } from './service';

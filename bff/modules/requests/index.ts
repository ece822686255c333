/**
 * The requests inbox's public face: routes and service.
 */
export { createRequestRouter } from './routes';
export { createRequestService } from './service';

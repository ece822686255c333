/**
 * Survey results' public face: routes and service.
 */
export { createResultsRouter } from './routes';
export { createResultsService } from './service';

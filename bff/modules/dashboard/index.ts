/**
 * The dashboard overview's public face: routes and service.
 */
export { createDashboardRouter } from './routes';
export { createDashboardService } from './service';

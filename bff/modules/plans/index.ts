/**
 * Plans' public face: the month's usage routes and service.
 */
export { createPlanRouter } from './routes';
export { createPlanUsageService } from './service';

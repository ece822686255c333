/**
 * The health check's route and what it looks at.
 */
export { createHealthRouter } from './routes';
export { createHealthService } from './service';

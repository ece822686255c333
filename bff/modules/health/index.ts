/**
 * The health check's route.
 */
export { createHealthRouter } from './routes';

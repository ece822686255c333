/**
 * Write Back's public face: routes and service.
 */
export { createWritebackRouter } from './routes';
export { createWritebackService } from './service';

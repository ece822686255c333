/**
 * Export Data's public face: routes and service.
 */
export { createExportRouter } from './routes';
export { createExportService } from './service';

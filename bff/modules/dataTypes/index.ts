/**
 * Data types' public face: routes and service.
 */
export { createDataTypeRouter } from './routes';
export { createDataTypeService } from './service';

/**
 * Data types' public face: routes.
 */
export { createDataTypeRouter } from './routes';

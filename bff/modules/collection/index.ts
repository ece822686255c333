/**
 * The survey widget's public API (collection of displays and responses) and the company embed settings.
 */
export { createCollectionRouters } from './routes';
export { createCollectionService } from './service';
export { createCompanyCollectionService } from './settings';

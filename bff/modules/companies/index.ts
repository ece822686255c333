/**
 * Companies' public face: routes, service, their presentation and not-found code.
 */
export { presentCompany } from './present';
export { createCompanyRouter } from './routes';
export { COMPANY_NOT_FOUND, createCompanyService } from './service';

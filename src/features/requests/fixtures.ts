/** Requests as the inbox's stories show them: one of each kind, from several companies. */
import type { ServiceRequest } from '@domain/requests';

export const CUSTOM_API_REQUEST: ServiceRequest = {
  id: 'r-zendesk',
  kind: 'custom_api',
  companyId: 'c-acme',
  companyName: 'Acme Retail',
  requestedByName: 'Alice Martin',
  requestedByEmail: 'alice@acme.example',
  subject: 'Zendesk',
  link: 'https://developer.zendesk.com/api-reference/',
  contactEmail: null,
  message: null,
  createdAt: '2026-11-22T15:42:00.000Z',
};

export const CONTACT_SALES_REQUEST: ServiceRequest = {
  id: 'r-enterprise',
  kind: 'contact_sales',
  companyId: 'c-globex',
  companyName: 'Globex Health',
  requestedByName: 'Carol Chen',
  requestedByEmail: 'carol@globex.example',
  subject: 'Enterprise',
  link: null,
  contactEmail: 'procurement@globex.example',
  message: 'Company: Globex Health\n\nWe would like single sign-on for 40 clinics.\n<b>Not bold</b>, and a second paragraph.',
  createdAt: '2026-11-21T09:05:00.000Z',
};

export const MODEL_ACCESS_REQUEST: ServiceRequest = {
  id: 'r-churn',
  kind: 'model_access',
  companyId: 'c-acme',
  companyName: 'Acme Retail',
  requestedByName: 'Bob Chen',
  requestedByEmail: 'bob@acme.example',
  subject: 'Churn prediction',
  link: null,
  contactEmail: null,
  message: 'For the loyalty programme.',
  createdAt: '2026-11-19T11:30:00.000Z',
};

/** A link that is not a web address: shown, never followed. */
export const SCRIPT_LINK_REQUEST: ServiceRequest = {
  ...CUSTOM_API_REQUEST,
  id: 'r-script',
  subject: 'Internal CRM',
  link: 'javascript:alert(document.cookie)',
  requestedByName: null,
  requestedByEmail: null,
  createdAt: '2026-11-18T08:00:00.000Z',
};

export const INBOX: ServiceRequest[] = [CUSTOM_API_REQUEST, CONTACT_SALES_REQUEST, MODEL_ACCESS_REQUEST, SCRIPT_LINK_REQUEST];

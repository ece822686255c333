/**
 * The internal requests inbox: custom-API requests from the Data Sources screen and Contact Sales
 * requests from the Plans page. Stored per company, listed for global admins.
 */
import * as yup from 'yup';
import { EMAIL_PATTERN, MESSAGES } from './auth/schemas';
import { LONG_TEXT_MAX, SHORT_TEXT_MAX } from './limits';
import { requiredTrimmed, trimmed } from './text';

export const REQUEST_KINDS = ['custom_api', 'contact_sales', 'model_access'] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

export const REQUEST_KIND_LABELS: Record<RequestKind, string> = {
  custom_api: 'Custom API',
  contact_sales: 'Contact Sales',
  model_access: 'Model access',
};

export interface ServiceRequest {
  id: string;
  kind: RequestKind;
  companyId: string;
  companyName: string;
  requestedByName: string | null;
  requestedByEmail: string | null;
  /** The service (custom API), the plan (sales) or the model (access). */
  subject: string;
  /** Documentation link (custom API). */
  link: string | null;
  /** Contact e-mail and free text (sales). */
  contactEmail: string | null;
  message: string | null;
  createdAt: string;
}

export const serviceRequestSchema = yup.object({
  kind: yup.string().oneOf(REQUEST_KINDS).required(),
  subject: requiredTrimmed('Subject is required', SHORT_TEXT_MAX),
  link: trimmed(LONG_TEXT_MAX).url(MESSAGES.invalidUrl).nullable().default(null),
  contactEmail: trimmed(SHORT_TEXT_MAX).matches(EMAIL_PATTERN, { message: MESSAGES.invalidEmail, excludeEmptyString: true }).nullable().default(null),
  message: trimmed(LONG_TEXT_MAX).nullable().default(null),
});
export type ServiceRequestInput = yup.InferType<typeof serviceRequestSchema>;

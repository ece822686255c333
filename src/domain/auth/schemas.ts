/**
 * Validation rules of the identity and administration screens (platform specification,
 * section 5). The forms (react-hook-form + yup resolver) and the BFF routes use these same
 * schemas, so a rule and its message live here only.
 */
import * as yup from 'yup';
import { ACCOUNT_PASSWORD_MIN, LONG_TEXT_MAX, REGISTER_PASSWORD_MIN, SHORT_TEXT_MAX } from '../limits';
import { COMPANY_STATUSES, USER_STATUSES } from '../company/options';
import { retentionSchema } from '../company/retention';
import { optionalId } from '../params';
import { isValidTimeZone, TIME_ZONE_MESSAGE } from '../dashboard/timeZone';
import { PERMISSIONS, ROLES } from './roles';

/** The "basic pattern" of the specification: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const MESSAGES = {
  allFieldsRequired: 'All fields are required',
  passwordsDoNotMatch: 'Passwords do not match',
  registerPasswordTooShort: `Password must be at least ${REGISTER_PASSWORD_MIN} characters long`,
  invalidEmail: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  accountPasswordTooShort: `Password must be at least ${ACCOUNT_PASSWORD_MIN} characters long`,
  emailRequired: 'Email is required',
  nameRequired: 'Full name is required',
  companyNameRequired: 'Company name is required',
  domainRequired: 'Domain is required',
  profileNameRequired: 'Profile name is required',
  companyRequired: 'Company is required',
  invalidUrl: 'Please enter a valid URL',
  tooLong: (max: number) => `Must be at most ${max} characters`,
} as const;

const shortText = () => yup.string().max(SHORT_TEXT_MAX, MESSAGES.tooLong(SHORT_TEXT_MAX));
const longText = () => yup.string().max(LONG_TEXT_MAX, MESSAGES.tooLong(LONG_TEXT_MAX));
const optionalShort = () => shortText().nullable().optional();
const optionalLong = () => longText().nullable().optional();
const isNotBlank = (value: string | undefined) => value === undefined || value.trim() !== '';
/**
 * Stored trimmed. The BFF validates strictly (no transforms) and then applies the trim, so a blank
 * value must fail its own test there, with the same message the forms show.
 */
const trimmedText = () => shortText().transform((value: unknown) => (typeof value === 'string' ? value.trim() : value));
const requiredText = (message: string) => trimmedText().required(message).test('not-blank', message, isNotBlank);
const email = () => shortText().matches(EMAIL_PATTERN, { message: MESSAGES.invalidEmail, excludeEmptyString: true });

export const loginSchema = yup.object({
  email: shortText().required(MESSAGES.emailRequired),
  password: shortText().required(MESSAGES.passwordRequired),
});
export type LoginInput = yup.InferType<typeof loginSchema>;

export const registerSchema = yup.object({
  name: requiredText(MESSAGES.allFieldsRequired),
  email: email().required(MESSAGES.allFieldsRequired),
  companyName: requiredText(MESSAGES.allFieldsRequired),
  password: shortText().required(MESSAGES.allFieldsRequired).min(REGISTER_PASSWORD_MIN, MESSAGES.registerPasswordTooShort),
});
export type RegisterInput = yup.InferType<typeof registerSchema>;

/** The repeated password of a form; only the form has it, the API takes the password once. */
const confirmPassword = (requiredMessage: string) =>
  yup.string().required(requiredMessage).oneOf([yup.ref('password')], MESSAGES.passwordsDoNotMatch);

export const registerFormSchema = registerSchema.shape({
  confirmPassword: confirmPassword(MESSAGES.allFieldsRequired),
});
export type RegisterFormInput = yup.InferType<typeof registerFormSchema>;

const accountPassword = () =>
  shortText().required(MESSAGES.passwordRequired).min(ACCOUNT_PASSWORD_MIN, MESSAGES.accountPasswordTooShort);

export const activateAccountSchema = yup.object({
  token: shortText().required('Invalid invitation link. No token provided.'),
  password: accountPassword(),
});

export const activationFormSchema = yup.object({
  password: accountPassword(),
  confirmPassword: confirmPassword(MESSAGES.passwordRequired),
});
export type ActivationFormInput = yup.InferType<typeof activationFormSchema>;

export const inviteSchema = yup.object({
  email: email().required(MESSAGES.emailRequired),
  name: requiredText(MESSAGES.nameRequired),
  role: yup.string().oneOf(ROLES).required(),
  /** Required when a global admin invites; everyone else invites into their own company. */
  companyId: optionalId(),
});
export type InviteInput = yup.InferType<typeof inviteSchema>;

export const resetPasswordSchema = yup.object({
  newPassword: accountPassword().required(MESSAGES.accountPasswordTooShort),
});

export const userStatusSchema = yup.object({
  status: yup.string().oneOf(USER_STATUSES).required('Status is required'),
});

export const userPermissionsSchema = yup.object({
  role: yup.string().oneOf(ROLES).required('Role is required'),
  permissions: yup.array(yup.string().oneOf(PERMISSIONS).required()).required('Permissions are required'),
});

export const userProfileSchema = yup.object({
  profileName: requiredText(MESSAGES.profileNameRequired),
  phone: optionalShort(),
  department: optionalShort(),
  jobTitle: optionalShort(),
  bio: optionalLong(),
});
export type UserProfileInput = yup.InferType<typeof userProfileSchema>;

const companyDetails = {
  /** The dashboard's days, weeks and months follow it; empty or null means UTC. */
  timeZone: yup
    .string()
    .nullable()
    .optional()
    .test('time-zone', TIME_ZONE_MESSAGE, (value) => value === undefined || value === null || value === '' || isValidTimeZone(value)),
  industry: optionalShort(),
  companySize: optionalShort(),
  website: optionalShort().url(MESSAGES.invalidUrl),
  phone: optionalShort(),
  address: optionalLong(),
  description: optionalLong(),
  targetAudience: optionalShort(),
  /** How long raw events, call logs and survey responses are kept (src/domain/company/retention.ts); absent keeps the stored periods. */
  retention: retentionSchema.optional().default(undefined),
};

/**
 * The three-step wizard (every field optional) and the Company Profile modal, which also sends
 * the name and domain: when present, those may not be blank.
 */
export const companyProfileSchema = yup.object({
  companyId: optionalId(),
  name: trimmedText().optional().test('not-blank', MESSAGES.companyNameRequired, isNotBlank),
  domain: trimmedText().optional().test('not-blank', MESSAGES.domainRequired, isNotBlank),
  ...companyDetails,
});
export type CompanyProfileInput = yup.InferType<typeof companyProfileSchema>;

/** Company Management (add and edit): name and domain required. */
export const companySchema = yup.object({
  name: requiredText(MESSAGES.companyNameRequired),
  domain: requiredText(MESSAGES.domainRequired),
  status: yup.string().oneOf(COMPANY_STATUSES).default('active'),
  ...companyDetails,
});
export type CompanyInput = yup.InferType<typeof companySchema>;

/** An e-mail domain a company vouches for: labels with a dot, at most 253 characters (stored lower-cased). */
export const EMAIL_DOMAIN_PATTERN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
export const SSO_VERIFIED_DOMAINS_MAX = 50;

/** A company's single sign-on settings (PUT /api/companies/:id/sso). */
export const companySsoSchema = yup.object({
  verifiedDomains: yup
    .array(
      yup
        .string()
        .required('A domain may not be empty')
        .matches(EMAIL_DOMAIN_PATTERN, 'Enter a domain such as acme.example'),
    )
    .max(SSO_VERIFIED_DOMAINS_MAX, `At most ${SSO_VERIFIED_DOMAINS_MAX} domains`)
    .required('Verified domains are required'),
  allowLinking: yup.boolean().strict().required('Allow linking is required'),
});
export type CompanySsoInput = yup.InferType<typeof companySsoSchema>;

/**
 * The audit log: what is recorded (every security and administration action), how an entry reads
 * on the wire and in its CSV file, and the filters of its screen and route.
 */
import * as yup from 'yup';
import { companyFilterQuery } from '../params';

/**
 * Who acted: a signed-in user, an API key, someone not (yet) known (a refused sign-in), or Navout
 * itself (a background job: the erasure that replaced a person's identifiers in the log).
 */
export const AUDIT_ACTOR_KINDS = ['user', 'api_key', 'anonymous', 'system'] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];

export const AUDIT_ACTIONS = [
  'password_sign_in',
  'password_sign_in_failed',
  'sso_sign_in',
  'sso_sign_in_failed',
  'sso_linked',
  'sso_unlinked',
  'company_registered',
  'account_activated',
  'user_invited',
  'invitation_resent',
  'user_status_changed',
  'user_permissions_changed',
  'user_password_reset',
  'user_deleted',
  'company_created',
  'company_updated',
  'company_deleted',
  'company_sso_changed',
  'api_key_created',
  'api_key_paused',
  'api_key_activated',
  'api_key_revoked',
  'data_source_connected',
  'data_source_settings_changed',
  'data_source_credentials_changed',
  'custom_connector_uploaded',
  'profiles_exported',
  'responses_exported',
  'writeback_started',
  'model_settings_changed',
  'survey_published',
  'person_exported',
  'person_erasure_requested',
  'audit_entries_scrubbed',
  'suppression_removed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  password_sign_in: 'Signed in (password)',
  password_sign_in_failed: 'Sign-in refused (password)',
  sso_sign_in: 'Signed in (SSO)',
  sso_sign_in_failed: 'Sign-in refused (SSO)',
  sso_linked: 'SSO identity linked',
  sso_unlinked: 'SSO identity unlinked',
  company_registered: 'Company registered',
  account_activated: 'Account activated',
  user_invited: 'User invited',
  invitation_resent: 'Invitation sent again',
  user_status_changed: 'User status changed',
  user_permissions_changed: 'Role or permissions changed',
  user_password_reset: 'Password reset sent',
  user_deleted: 'User deleted',
  company_created: 'Company created',
  company_updated: 'Company changed',
  company_deleted: 'Company deleted',
  company_sso_changed: 'SSO settings changed',
  api_key_created: 'API key created',
  api_key_paused: 'API key paused',
  api_key_activated: 'API key activated',
  api_key_revoked: 'API key revoked',
  data_source_connected: 'Data source connected',
  data_source_settings_changed: 'Data source settings changed',
  data_source_credentials_changed: 'Data source credentials changed',
  custom_connector_uploaded: 'Custom connector uploaded',
  profiles_exported: 'Profiles exported',
  responses_exported: 'Survey responses exported',
  writeback_started: 'Write-back started',
  model_settings_changed: 'Model settings changed',
  survey_published: 'Survey published',
  person_exported: "Person's data exported",
  person_erasure_requested: 'Person erasure requested',
  audit_entries_scrubbed: "Erased person's identifiers replaced",
  suppression_removed: 'Suppression removed',
};

export const AUDIT_TARGET_TYPES = ['user', 'company', 'api_key', 'data_source', 'custom_connector', 'export', 'survey', 'writeback_job', 'model_settings', 'person', 'suppression'] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

export const AUDIT_TARGET_LABELS: Record<AuditTargetType, string> = {
  user: 'User',
  company: 'Company',
  api_key: 'API key',
  data_source: 'Data source',
  custom_connector: 'Custom connector',
  export: 'Export',
  survey: 'Survey',
  writeback_job: 'Write-back',
  model_settings: 'Model settings',
  person: 'Person',
  suppression: 'Suppression',
};

/**
 * What an erased person's identifier reads as in the audit log once their erasure has run: its
 * suppression's hash (the first 16 hex digits), so the entries about one person still read as
 * one person's without naming them.
 */
export const erasedInAudit = (hash: string) => `[erased:${hash.slice(0, 16)}]`;

/** What a secret reads as in an entry: that it changed, never its value. */
export const SECRET_CHANGED = 'changed';

/** A changed value, before and after (either side absent where there was none). */
export type AuditValues = Record<string, unknown>;
export interface AuditChange {
  before?: AuditValues;
  after?: AuditValues;
}

export interface AuditEntryView {
  id: string;
  companyId: string | null;
  actor: { kind: AuditActorKind; id: string | null; email: string | null };
  address: string | null;
  action: AuditAction;
  target: { type: AuditTargetType; id: string | null; label: string | null };
  /** Why an attempt was refused (its error code); null for what succeeded. */
  code: string | null;
  changes: AuditChange | null;
  createdAt: string;
}

export interface AuditPage {
  entries: AuditEntryView[];
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: string | null;
}

export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_MAX_PAGE_SIZE = 200;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const dateOrInstant = (name: string) =>
  yup
    .string()
    .optional()
    .test(name, `${name} must be a date (YYYY-MM-DD) or an ISO 8601 instant`, (value) => value === undefined || value === '' || ((DATE.test(value) || value.includes('T')) && !Number.isNaN(Date.parse(value))));

/** The route's query: the filters, a page (size and cursor) and the format. */
export const auditLogQuery = companyFilterQuery.concat(
  yup.object({
    action: yup.string().optional().oneOf([...AUDIT_ACTIONS, '', undefined], `action must be one of: ${AUDIT_ACTIONS.join(', ')}`),
    targetType: yup.string().optional().oneOf([...AUDIT_TARGET_TYPES, '', undefined], `targetType must be one of: ${AUDIT_TARGET_TYPES.join(', ')}`),
    /** A user's or API key's id, or a user's e-mail address. */
    actor: yup
      .string()
      .optional()
      .max(255, 'actor must be at most 255 characters')
      // eslint-disable-next-line no-control-regex -- refusing control characters is the point
      .matches(/^[^\u0000-\u001f\u007f]*$/, 'actor must not hold control characters'),
    from: dateOrInstant('from'),
    to: dateOrInstant('to'),
    cursor: yup.string().optional().max(200, 'cursor must be at most 200 characters').matches(/^[A-Za-z0-9_-]*$/, 'cursor must be a cursor from a previous page'),
    limit: yup
      .string()
      .optional()
      .test('limit', `limit must be a number from 1 to ${AUDIT_MAX_PAGE_SIZE}`, (value) => value === undefined || value === '' || (/^[1-9]\d{0,2}$/.test(value) && Number(value) <= AUDIT_MAX_PAGE_SIZE)),
    format: yup.string().optional().oneOf(['json', 'csv', undefined], 'format must be json or csv'),
  }),
);
export type AuditLogQuery = yup.InferType<typeof auditLogQuery>;

/** The instants a query's from/to cover: `from` inclusive; `to` exclusive, a bare date `to` covering its whole day. */
export function auditWindow(query: Pick<AuditLogQuery, 'from' | 'to'>): { from?: Date; before?: Date } {
  const from = query.from ? new Date(query.from) : undefined;
  let before: Date | undefined;
  if (query.to) {
    before = new Date(query.to);
    if (DATE.test(query.to)) before = new Date(before.getTime() + 86_400_000);
  }
  return { from, before };
}

export const AUDIT_CSV_COLUMNS = ['time', 'company_id', 'actor_kind', 'actor_id', 'actor_email', 'address', 'action', 'target_type', 'target_id', 'target_label', 'code', 'before', 'after'] as const;

export function auditCsvFileName(now: Date): string {
  return `audit-log-${now.toISOString().slice(0, 10)}.csv`;
}

/**
 * Mailchimp: the members of one audience (GET /3.0/lists/{list_id}/members), paged by offset up to
 * `total_items`, oldest change first. Incremental by `since_last_changed`: a run asks for members
 * changed since the newest change seen before (less a second); a member seen already is updated by its id.
 * The data center comes from the API key's suffix (…-us21 → https://us21.api.mailchimp.com).
 * A declarative definition; code for the data center and the fields Mailchimp spreads over several.
 * https://mailchimp.com/developer/marketing/api/list-members/list-members-info/
 */
import { fieldSetOf } from '@domain/data/catalogue';
import type { ConnectorManifest } from '@domain/data/connectorManifest/types';
import { manifestConnector } from '../declarative/engine';
import { ConnectorError, type ConnectorContext } from '../types';
import { baseUrlOf, pick, settingText, textOr } from '../shared';

const VENDOR = 'Mailchimp';
const PAGE_SIZE = 1000;

/**
 * The fields a Mailchimp member becomes (the catalogue has no built-in field set for it yet):
 * name, type, description and the unified field it maps to.
 */
export const MAILCHIMP_FIELDS = fieldSetOf('mailchimp');

/** https://<dc>.api.mailchimp.com from the key's suffix, unless a base URL is set. */
export function mailchimpBaseUrl(context: ConnectorContext, apiKey: string): string {
  if (settingText(context, 'baseUrl')) return baseUrlOf(context, 'baseUrl', '');
  const dc = /-([a-z]{2,5}\d{1,3})$/.exec(apiKey)?.[1];
  if (!dc) throw new ConnectorError('The Mailchimp API key should end with its data center, such as -us21.');
  return `https://${dc}.api.mailchimp.com`;
}

/** The API's base: the data center in the key's suffix, unless a base URL is set. */
const dataCenterBase = (context: ConnectorContext) => `${mailchimpBaseUrl(context, (context.secrets.apiKey ?? '').trim())}/3.0`;

/** A member's name (full, or first and last merge fields), opt-in and sign-up time. */
export function mailchimpMember(member: Record<string, unknown>, mapped: Record<string, unknown>): Record<string, unknown> {
  const fullName = textOr(member.full_name)?.trim();
  const first = textOr(pick(member, 'merge_fields.FNAME'))?.trim() ?? '';
  const last = textOr(pick(member, 'merge_fields.LNAME'))?.trim() ?? '';
  const status = textOr(member.status);
  return {
    ...mapped,
    name: fullName || [first, last].filter(Boolean).join(' ') || null,
    marketing_opt_in: status === null ? null : status === 'subscribed',
    created_at: textOr(member.timestamp_opt) || textOr(member.timestamp_signup) || null,
  };
}

const AUDIENCE = '{{ settings.listId or settings.accountId }}';

export const MAILCHIMP_MANIFEST: ConnectorManifest = {
  version: 1,
  name: VENDOR,
  catalogue_id: 'mailchimp',
  requires: [
    { value: '{{ secrets.apiKey }}', message: 'The Mailchimp API key is required.' },
    { value: AUDIENCE, message: 'The audience id is required.', format: 'identifier', format_message: 'The audience id may hold only letters, digits, - and _.' },
  ],
  authenticator: { type: 'BasicHttpAuthenticator', username: 'navout', password: '{{ secrets.apiKey }}' },
  error_handler: { type: 'DefaultErrorHandler', message_paths: ['title', 'detail'], combine: 'join' },
  check: { type: 'CheckRequest', path: `/lists/${AUDIENCE}`, request_parameters: { fields: 'id,name' }, expect_path: 'id' },
  streams: [
    {
      type: 'DeclarativeStream',
      name: 'members',
      primary_key: 'id',
      retriever: {
        type: 'SimpleRetriever',
        requester: {
          type: 'HttpRequester',
          url_base: 'hook:mailchimp_data_center',
          path: `/lists/${AUDIENCE}/members`,
          request_parameters: { sort_field: 'last_changed', sort_dir: 'ASC' },
        },
        record_selector: { type: 'RecordSelector', extractor: { type: 'DpathExtractor', field_path: ['members'] } },
        paginator: {
          type: 'DefaultPaginator',
          page_size_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'count' },
          page_token_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'offset' },
          pagination_strategy: { type: 'OffsetIncrement', page_size: PAGE_SIZE, inject_on_first_request: true, total_path: 'total_items' },
        },
      },
      incremental_sync: {
        type: 'DatetimeBasedCursor',
        cursor_field: 'last_changed',
        datetime_format: 'iso8601',
        // One second earlier than the newest change seen: Mailchimp's "after" would drop same-second changes.
        request_datetime_format: 'iso8601_offset',
        lookback_window: 'PT1S',
        start_time_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'since_last_changed' },
      },
      fields: {
        id: 'id',
        email: 'email_address',
        status: 'status',
        updated_at: 'last_changed',
        avg_open_rate: { path: 'stats.avg_open_rate', type: 'number' },
        avg_click_rate: { path: 'stats.avg_click_rate', type: 'number' },
      },
      transformations: [{ type: 'NamedTransformation', name: 'mailchimp_member' }],
    },
  ],
};

export const mailchimpConnector = manifestConnector(MAILCHIMP_MANIFEST, {
  baseUrls: { mailchimp_data_center: dataCenterBase },
  transformations: { mailchimp_member: mailchimpMember },
});

/**
 * SendGrid: the account's bounces (GET /v3/suppression/bounces) with an API key as Bearer: the
 * addresses mail could not be delivered to, when and why. Chosen because it is documented, paged
 * (`limit` up to 500 and `offset`) and filterable by time on every plan; the e-mail activity feed
 * (/v3/messages) is a paid add-on, and the marketing contacts list answers at most 50 contacts
 * without paging (the full list is an asynchronous export).
 *
 * Incremental on SendGrid's side: `start_time` (Unix seconds) from the newest bounce seen. The
 * order of the list is not documented, so the cursor moves once the last page is read.
 * https://www.twilio.com/docs/sendgrid/api-reference/bounces-api/retrieve-all-bounces
 * https://www.twilio.com/docs/sendgrid/for-developers/sending-email/authentication (Bearer API key)
 * https://www.twilio.com/docs/sendgrid/api-reference/how-to-use-the-sendgrid-v3-api/rate-limits (429, X-RateLimit-Reset)
 * https://www.twilio.com/docs/sendgrid/api-reference/how-to-use-the-sendgrid-v3-api/errors ({"errors":[{field, message}]})
 */
import type { ConnectorManifest } from '@domain/data/connectorManifest/types';
import { manifestConnector } from '../declarative/engine';
import { firstListedError } from './klaviyo';

export const SENDGRID_BASE_URL = 'https://api.sendgrid.com';

export const SENDGRID_MANIFEST: ConnectorManifest = {
  version: 1,
  name: 'SendGrid',
  catalogue_id: 'sendgrid',
  authenticator: { type: 'BearerAuthenticator', api_token: '{{ secrets.apiKey }}', missing_message: 'The SendGrid API key is required.' },
  error_handler: { type: 'DefaultErrorHandler', hook: 'sendgrid_errors' },
  check: { type: 'CheckStream', stream_names: ['bounces'], page_size: 1 },
  streams: [
    {
      type: 'DeclarativeStream',
      name: 'bounces',
      // One entry per address: a later bounce of the same address replaces it.
      primary_key: 'email',
      retriever: {
        type: 'SimpleRetriever',
        requester: { type: 'HttpRequester', url_base: `{{ settings.baseUrl or '${SENDGRID_BASE_URL}' }}`, path: '/v3/suppression/bounces' },
        record_selector: { type: 'RecordSelector', extractor: { type: 'DpathExtractor', field_path: [] } },
        paginator: {
          type: 'DefaultPaginator',
          page_size_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'limit' },
          page_token_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'offset' },
          pagination_strategy: { type: 'OffsetIncrement', page_size: 500 },
        },
      },
      incremental_sync: {
        type: 'DatetimeBasedCursor',
        cursor_field: 'created',
        datetime_format: 'epoch_seconds',
        start_time_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'start_time' },
        checkpoint: 'end',
      },
      fields: {
        email: 'email',
        bounced_at: { path: 'created', type: 'epoch_seconds' },
        reason: 'reason',
        status: 'status',
      },
      transformations: [{ type: 'NamedTransformation', name: 'sendgrid_bounce' }],
    },
  ],
};

/** Each entry is an event of one type: the unified model wants it said. */
export const sendgridBounce = (_bounce: Record<string, unknown>, mapped: Record<string, unknown>) => ({ ...mapped, event: 'bounce' });

export const sendgridConnector = manifestConnector(SENDGRID_MANIFEST, { errorReaders: { sendgrid_errors: firstListedError }, transformations: { sendgrid_bounce: sendgridBounce } });

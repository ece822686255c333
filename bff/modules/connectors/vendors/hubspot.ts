/**
 * HubSpot: the portal's contacts through the CRM v3 objects API with a private app's access token
 * (Bearer), 100 a page, paged by `paging.next.after` until an answer has no next page. A definition
 * and nothing else: HubSpot needs no code of its own.
 *
 * Incremental by `updatedAt`, on our side: the list is in id order and cannot filter by change, and
 * the search endpoint that can (lastmodifieddate GTE) stops at 10,000 results and 5 requests a
 * second, which a first sync of a large portal exceeds. So every run reads the list, stores only
 * contacts changed from the cursor on, and moves the cursor once the last page is read.
 * https://developers.hubspot.com/docs/api/crm/contacts
 * https://developers.hubspot.com/docs/api/usage-details (100 requests every 10 seconds per private app)
 */
import type { ConnectorManifest } from '@domain/data/connectorManifest/types';
import { manifestConnector } from '../declarative/engine';

export const HUBSPOT_BASE_URL = 'https://api.hubapi.com';
/** The contact properties read (HubSpot answers only the ones asked for, besides a few defaults). */
export const HUBSPOT_PROPERTIES = ['email', 'firstname', 'lastname', 'phone', 'company', 'lifecyclestage', 'hs_lead_status', 'city', 'country', 'createdate', 'lastmodifieddate'];

export const HUBSPOT_MANIFEST: ConnectorManifest = {
  version: 1,
  name: 'HubSpot',
  catalogue_id: 'hubspot',
  authenticator: { type: 'BearerAuthenticator', api_token: '{{ secrets.accessToken or secrets.apiKey }}', missing_message: 'The HubSpot private app access token is required.' },
  // {"status": "error", "message", "correlationId", "category"}; a 429 says errorType and policyName instead of category.
  error_handler: { type: 'DefaultErrorHandler', message_paths: ['category', 'errorType', 'message'], combine: 'join' },
  rate_limit: { requests_per_second: 10 },
  check: { type: 'CheckStream', stream_names: ['contacts'], page_size: 1 },
  streams: [
    {
      type: 'DeclarativeStream',
      name: 'contacts',
      primary_key: 'contact_id',
      retriever: {
        type: 'SimpleRetriever',
        requester: {
          type: 'HttpRequester',
          url_base: `{{ settings.baseUrl or '${HUBSPOT_BASE_URL}' }}`,
          path: '/crm/v3/objects/contacts',
          request_parameters: { properties: HUBSPOT_PROPERTIES.join(','), archived: 'false' },
        },
        record_selector: { type: 'RecordSelector', extractor: { type: 'DpathExtractor', field_path: ['results'] } },
        paginator: {
          type: 'DefaultPaginator',
          page_size_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'limit' },
          page_token_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'after' },
          pagination_strategy: { type: 'CursorPagination', page_size: 100, cursor_value: '{{ response.paging.next.after }}' },
        },
      },
      incremental_sync: { type: 'DatetimeBasedCursor', cursor_field: 'updatedAt', datetime_format: 'iso8601', is_client_side_incremental: true, checkpoint: 'end' },
      fields: {
        contact_id: 'id',
        email: 'properties.email',
        name: { path: ['properties.firstname', 'properties.lastname'], join: ' ' },
        phone: 'properties.phone',
        company: 'properties.company',
        lifecycle_stage: 'properties.lifecyclestage',
        lead_status: 'properties.hs_lead_status',
        city: 'properties.city',
        country: 'properties.country',
        created_at: { path: ['createdAt', 'properties.createdate'] },
        updated_at: { path: ['updatedAt', 'properties.lastmodifieddate'] },
      },
    },
  ],
};

export const hubspotConnector = manifestConnector(HUBSPOT_MANIFEST);

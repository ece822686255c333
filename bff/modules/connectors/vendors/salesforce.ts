/**
 * Salesforce: the org's contacts through the REST query resource (a SOQL SELECT), following
 * `nextRecordsUrl` until `done`. Incremental by SystemModstamp: a run asks for contacts changed at
 * or after the newest change seen before (same-second changes are not lost; the ones seen already
 * are updated in place by contact_id), in order of change, so the cursor moves with each page.
 *
 * The token: with a connected app's consumer key and secret, a fresh one from the client
 * credentials flow on the instance (pasted access tokens expire with the session); else the
 * pasted access token (or the older apiKey field). The API's address is the instance and the API
 * version, worked out in code (`salesforce_api`): the version is checked and given its "v".
 * https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_query.htm
 * https://help.salesforce.com/s/articleView?id=sf.remoteaccess_oauth_client_credentials_flow.htm
 * https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/errorcodes.htm ([{"message", "errorCode"}])
 */
import { datetimeCursorOf, type ConnectorManifest } from '@domain/data/connectorManifest/types';
import { requestedStart, storedPoint } from '../declarative/cursor';
import { manifestConnector } from '../declarative/engine';
import { ConnectorError, type ConnectorContext } from '../types';
import { baseUrlOf, isRecordObject, settingText, textOr, type ErrorReader } from '../shared';

export const SALESFORCE_API_VERSION = 'v60.0';
const FIELDS = ['Id', 'Email', 'Name', 'Phone', 'Account.Name', 'LeadSource', 'MailingCity', 'CreatedDate', 'HasOptedOutOfEmail', 'SystemModstamp'];
const SELECT = `SELECT ${FIELDS.join(', ')} FROM Contact`;
const ORDER = 'ORDER BY SystemModstamp ASC';

/** [{"message", "errorCode", "fields"?}]: every error's code and message. */
export const readSalesforceError: ErrorReader = (body) => {
  const errors = Array.isArray(body) ? body : [body];
  const messages = errors
    .filter(isRecordObject)
    .map((each) => [textOr(each.errorCode), textOr(each.message)].filter(Boolean).join(': '))
    .filter(Boolean);
  return messages.length ? messages.join('; ') : null;
};

/** The instance's REST API for the version asked (v60.0 by default; 60.0 is read as v60.0). */
export function salesforceApi(context: ConnectorContext): string {
  const version = settingText(context, 'apiVersion') || SALESFORCE_API_VERSION;
  if (!/^v?\d{2,3}\.\d$/.test(version)) throw new ConnectorError(`The API version "${version.slice(0, 20)}" is not like ${SALESFORCE_API_VERSION}.`);
  return `${baseUrlOf(context, 'instanceUrl', '')}/services/data/${version.startsWith('v') ? version : `v${version}`}`;
}

export const SALESFORCE_MANIFEST: ConnectorManifest = {
  version: 1,
  name: 'Salesforce',
  catalogue_id: 'salesforce',
  requires: [{ value: '{{ settings.instanceUrl }}', message: 'The instance URL (such as https://yourcompany.my.salesforce.com) is required.' }],
  authenticator: {
    type: 'OAuthAuthenticator',
    token_refresh_endpoint: '{{ settings.instanceUrl }}/services/oauth2/token',
    grant_type: 'client_credentials',
    client_id: '{{ settings.clientId }}',
    client_secret: '{{ secrets.clientSecret }}',
    fallback: { type: 'BearerAuthenticator', api_token: '{{ secrets.accessToken or secrets.apiKey }}', missing_message: 'An access token, or a connected app consumer key and secret, is required.' },
  },
  error_handler: { type: 'DefaultErrorHandler', hook: 'salesforce_errors' },
  check: { type: 'CheckRequest', path: '/query', request_parameters: { q: 'SELECT Id FROM Contact LIMIT 1' }, expect_path: 'records' },
  streams: [
    {
      type: 'DeclarativeStream',
      name: 'contacts',
      primary_key: 'contact_id',
      retriever: {
        type: 'SimpleRetriever',
        requester: { type: 'HttpRequester', url_base: 'hook:salesforce_api', path: '/query', request_parameters: { q: `${SELECT} ${ORDER}` } },
        record_selector: { type: 'RecordSelector', extractor: { type: 'DpathExtractor', field_path: ['records'] } },
        paginator: {
          type: 'DefaultPaginator',
          page_token_option: { type: 'RequestPath' },
          pagination_strategy: { type: 'CursorPagination', cursor_value: '{{ response.nextRecordsUrl }}', stop_condition: '{{ response.done }}' },
        },
      },
      incremental_sync: {
        type: 'DatetimeBasedCursor',
        cursor_field: 'SystemModstamp',
        datetime_format: 'iso8601',
        // A SOQL datetime literal: seconds, UTC, the cursor rounded down so nothing is skipped.
        request_datetime_format: 'iso8601_seconds',
        start_time_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'q', value_format: `${SELECT} WHERE SystemModstamp >= %s ${ORDER}` },
        checkpoint: 'each_page',
      },
      fields: {
        contact_id: 'Id',
        email: 'Email',
        full_name: 'Name',
        phone: 'Phone',
        account_name: 'Account.Name',
        lead_source: 'LeadSource',
        mailing_city: 'MailingCity',
        created_date: 'CreatedDate',
        has_opted_out_of_email: { path: 'HasOptedOutOfEmail', type: 'boolean' },
      },
    },
  ],
};

/** The SOQL a run sends for `cursor`: every contact when it is absent or not a date, else those changed from it on. */
export function contactsQuery(cursor: string | null): string {
  const incremental = datetimeCursorOf(SALESFORCE_MANIFEST)!;
  const since = storedPoint(incremental.datetime_format, cursor);
  return since === null ? `${SELECT} ${ORDER}` : incremental.start_time_option!.value_format!.replace('%s', () => requestedStart(incremental, since));
}

export const salesforceConnector = manifestConnector(SALESFORCE_MANIFEST, { baseUrls: { salesforce_api: salesforceApi }, errorReaders: { salesforce_errors: readSalesforceError } });

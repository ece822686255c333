/**
 * Salesforce: the org's contacts through the REST query resource (a SOQL SELECT), following
 * `nextRecordsUrl` until `done`. Incremental by SystemModstamp: a run asks for contacts changed at
 * or after the newest change seen before (same-second changes are not lost; the ones seen already
 * are updated in place by contact_id).
 * https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_query.htm
 */
import { ConnectorError, type Connector, type ConnectorContext } from '../types';
import { baseUrlOf, expectArray, isRecordObject, oauthToken, pick, query, settingText, textOr, timeOf, vendorJson, type ErrorReader } from './paging';

const VENDOR = 'Salesforce';
export const SALESFORCE_API_VERSION = 'v60.0';
const FIELDS = ['Id', 'Email', 'Name', 'Phone', 'Account.Name', 'LeadSource', 'MailingCity', 'CreatedDate', 'HasOptedOutOfEmail', 'SystemModstamp'];

/** [{"message", "errorCode", "fields"?}] (https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/errorcodes.htm). */
const readError: ErrorReader = (body) => {
  const errors = Array.isArray(body) ? body : [body];
  const messages = errors
    .filter(isRecordObject)
    .map((each) => [textOr(each.errorCode), textOr(each.message)].filter(Boolean).join(': '))
    .filter(Boolean);
  return messages.length ? messages.join('; ') : null;
};

interface QueryResult {
  totalSize?: number;
  done?: boolean;
  nextRecordsUrl?: string;
  records?: unknown;
}

function apiVersion(context: ConnectorContext): string {
  const version = settingText(context, 'apiVersion') || SALESFORCE_API_VERSION;
  if (!/^v?\d{2,3}\.\d$/.test(version)) throw new ConnectorError(`The API version "${version.slice(0, 20)}" is not like ${SALESFORCE_API_VERSION}.`);
  return version.startsWith('v') ? version : `v${version}`;
}

function instanceOf(context: ConnectorContext): string {
  if (!settingText(context, 'instanceUrl')) throw new ConnectorError('The instance URL (such as https://yourcompany.my.salesforce.com) is required.');
  return baseUrlOf(context, 'instanceUrl', '');
}

/**
 * The bearer token: with a connected app's consumer key and secret, a fresh one from the client
 * credentials flow on the instance (pasted access tokens expire with the session); else the
 * pasted access token (or the older apiKey field).
 * https://help.salesforce.com/s/articleView?id=sf.remoteaccess_oauth_client_credentials_flow.htm
 */
async function headersOf(context: ConnectorContext, instance: string): Promise<Record<string, string>> {
  const clientId = settingText(context, 'clientId');
  const clientSecret = (context.secrets.clientSecret ?? '').trim();
  if (clientId && clientSecret) {
    const token = await oauthToken(context, VENDOR, `${instance}/services/oauth2/token`, { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret });
    return { authorization: `Bearer ${token}` };
  }
  const token = (context.secrets.accessToken ?? '').trim() || (context.secrets.apiKey ?? '').trim();
  if (!token) throw new ConnectorError('An access token, or a connected app consumer key and secret, is required.');
  return { authorization: `Bearer ${token}` };
}

/** A SOQL datetime literal (seconds precision, UTC): the cursor rounded down, so nothing is skipped. */
export function soqlDateTime(time: number): string {
  return new Date(Math.floor(time / 1000) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function contactsQuery(cursor: string | null): string {
  const since = timeOf(cursor);
  const where = since === null ? '' : ` WHERE SystemModstamp >= ${soqlDateTime(since)}`;
  return `SELECT ${FIELDS.join(', ')} FROM Contact${where} ORDER BY SystemModstamp ASC`;
}

/** One contact as the Salesforce field set names it. */
export function salesforceRecord(contact: Record<string, unknown>): Record<string, unknown> {
  return {
    contact_id: textOr(contact.Id),
    email: textOr(contact.Email),
    full_name: textOr(contact.Name),
    phone: textOr(contact.Phone),
    account_name: textOr(pick(contact, 'Account.Name')),
    lead_source: textOr(contact.LeadSource),
    mailing_city: textOr(contact.MailingCity),
    created_date: textOr(contact.CreatedDate),
    has_opted_out_of_email: typeof contact.HasOptedOutOfEmail === 'boolean' ? contact.HasOptedOutOfEmail : null,
  };
}

/** The next page's URL: Salesforce answers a path on the instance; anything on another host is refused (it would get the token). */
function nextUrl(instance: string, next: string): string {
  const origin = new URL(instance).origin;
  let resolved: URL;
  try {
    resolved = new URL(next, origin);
  } catch {
    throw new ConnectorError('Salesforce answered an invalid nextRecordsUrl.');
  }
  if (resolved.origin !== origin) throw new ConnectorError('Salesforce pointed the next page at another host: refused.');
  return resolved.toString();
}

export const salesforceConnector: Connector = {
  catalogueId: 'salesforce',
  keyField: 'contact_id',

  async test(context) {
    const instance = instanceOf(context);
    const url = `${instance}/services/data/${apiVersion(context)}/query${query({ q: 'SELECT Id FROM Contact LIMIT 1' })}`;
    const result = await vendorJson<QueryResult>(context, VENDOR, url, { headers: await headersOf(context, instance) }, readError);
    expectArray(result.records, VENDOR, 'query records');
  },

  async *pull(context) {
    const instance = instanceOf(context);
    let url = `${instance}/services/data/${apiVersion(context)}/query${query({ q: contactsQuery(context.cursor) })}`;
    const headers = await headersOf(context, instance);
    let newest = timeOf(context.cursor);
    const visited = new Set<string>();
    for (;;) {
      visited.add(url);
      const result = await vendorJson<QueryResult>(context, VENDOR, url, { headers }, readError);
      const contacts = expectArray(result.records, VENDOR, 'query records').filter(isRecordObject);
      for (const contact of contacts) {
        const changed = timeOf(contact.SystemModstamp);
        if (changed !== null && (newest === null || changed > newest)) newest = changed;
      }
      yield { records: contacts.map(salesforceRecord), cursor: newest === null ? null : new Date(newest).toISOString() };
      if (result.done !== false || typeof result.nextRecordsUrl !== 'string' || !result.nextRecordsUrl) return;
      url = nextUrl(instance, result.nextRecordsUrl);
      if (visited.has(url)) throw new ConnectorError('Salesforce kept answering the same page: stopping so the sync does not loop.');
    }
  },
};

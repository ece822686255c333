/**
 * Mailchimp: the members of one audience (GET /3.0/lists/{list_id}/members), paged by offset up to
 * `total_items`, oldest change first. Incremental by `since_last_changed`: a run asks for members
 * changed since the newest change seen before (less a second); a member seen already is updated by its id.
 * The data center comes from the API key's suffix (…-us21 → https://us21.api.mailchimp.com).
 * https://mailchimp.com/developer/marketing/api/list-members/list-members-info/
 */
import { fieldSetOf } from '@domain/data/catalogue';
import { ConnectorError, type Connector, type ConnectorContext } from '../types';
import { baseUrlOf, expectArray, isRecordObject, numberOf, pick, query, requiredSetting, secretOf, settingText, textOr, timeOf, vendorJson, type ErrorReader } from './paging';

const VENDOR = 'Mailchimp';
const PAGE_SIZE = 1000;

/**
 * The fields a Mailchimp member becomes (the catalogue has no built-in field set for it yet):
 * name, type, description and the unified field it maps to.
 */
export const MAILCHIMP_FIELDS = fieldSetOf('mailchimp');

/** Problem details: {"type", "title", "status", "detail", "instance"} (https://mailchimp.com/developer/marketing/docs/errors/). */
const readError: ErrorReader = (body) => {
  const title = textOr(pick(body, 'title'));
  const detail = textOr(pick(body, 'detail'));
  return [title, detail].filter(Boolean).join(': ') || null;
};

/** https://<dc>.api.mailchimp.com from the key's suffix, unless a base URL is set. */
export function mailchimpBaseUrl(context: ConnectorContext, apiKey: string): string {
  if (settingText(context, 'baseUrl')) return baseUrlOf(context, 'baseUrl', '');
  const dc = /-([a-z]{2,5}\d{1,3})$/.exec(apiKey)?.[1];
  if (!dc) throw new ConnectorError('The Mailchimp API key should end with its data center, such as -us21.');
  return `https://${dc}.api.mailchimp.com`;
}

function connection(context: ConnectorContext) {
  const apiKey = secretOf(context, 'apiKey', 'The Mailchimp API key');
  const listId = requiredSetting(context, ['listId', 'accountId'], 'The audience id');
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(listId)) throw new ConnectorError('The audience id may hold only letters, digits, - and _.');
  return {
    base: `${mailchimpBaseUrl(context, apiKey)}/3.0`,
    listId,
    headers: { authorization: `Basic ${Buffer.from(`navout:${apiKey}`).toString('base64')}` },
  };
}

/** One member as the Mailchimp fields name it. */
export function mailchimpRecord(member: Record<string, unknown>): Record<string, unknown> {
  const fullName = textOr(member.full_name)?.trim();
  const first = textOr(pick(member, 'merge_fields.FNAME'))?.trim() ?? '';
  const last = textOr(pick(member, 'merge_fields.LNAME'))?.trim() ?? '';
  const status = textOr(member.status);
  return {
    id: textOr(member.id),
    email: textOr(member.email_address),
    name: fullName || [first, last].filter(Boolean).join(' ') || null,
    status,
    marketing_opt_in: status === null ? null : status === 'subscribed',
    created_at: textOr(member.timestamp_opt) || textOr(member.timestamp_signup) || null,
    updated_at: textOr(member.last_changed),
    avg_open_rate: numberOf(pick(member, 'stats.avg_open_rate')),
    avg_click_rate: numberOf(pick(member, 'stats.avg_click_rate')),
  };
}

interface MembersPage {
  members?: unknown;
  total_items?: number;
}

export const mailchimpConnector: Connector = {
  catalogueId: 'mailchimp',
  keyField: 'id',

  async test(context) {
    const { base, listId, headers } = connection(context);
    const list = await vendorJson<Record<string, unknown>>(context, VENDOR, `${base}/lists/${listId}${query({ fields: 'id,name' })}`, { headers }, readError);
    if (typeof list.id !== 'string') throw new ConnectorError('Mailchimp answered without the audience: the base URL may point at something else.');
  },

  async *pull(context) {
    const { base, listId, headers } = connection(context);
    const since = timeOf(context.cursor);
    let newest = since;
    let offset = 0;
    for (;;) {
      const url = `${base}/lists/${listId}/members${query({
        count: PAGE_SIZE,
        offset,
        sort_field: 'last_changed',
        sort_dir: 'ASC',
        // One second earlier than the newest change seen: Mailchimp's "after" would drop same-second changes.
        since_last_changed: since === null ? undefined : new Date(Math.floor(since / 1000) * 1000 - 1000).toISOString().replace(/\.\d{3}Z$/, '+00:00'),
      })}`;
      const page = await vendorJson<MembersPage>(context, VENDOR, url, { headers }, readError);
      const members = expectArray(page.members, VENDOR, 'a list of members').filter(isRecordObject);
      for (const member of members) {
        const changed = timeOf(member.last_changed);
        if (changed !== null && (newest === null || changed > newest)) newest = changed;
      }
      yield { records: members.map(mailchimpRecord), cursor: newest === null ? null : new Date(newest).toISOString() };
      offset += members.length;
      const total = numberOf(page.total_items);
      if (!members.length || total === null || offset >= total) return;
    }
  },
};

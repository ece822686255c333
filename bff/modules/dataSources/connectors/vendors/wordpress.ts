/**
 * WordPress: the site's posts through the REST API (wp-json/wp/v2/posts) as content items, 100 a
 * page, paged by page number up to the X-WP-TotalPages header, oldest change first. Incremental by
 * `modified` (the site's local time, which modified_after compares with): a run reads only posts
 * changed after the newest one the previous run saw. Public posts need no credentials; an
 * application password (Basic auth, user + password) reaches a private site.
 * https://developer.wordpress.org/rest-api/reference/posts/#list-posts
 */
import { fieldSetOf } from '@domain/data/catalogue';
import { ConnectorError, type Connector, type ConnectorContext } from '../types';
import { baseUrlOf, expectArray, isRecordObject, pick, query, requiredSetting, settingText, textOr, vendorJson, type ErrorReader } from './paging';

const VENDOR = 'WordPress';
const PAGE_SIZE = 100;
/** A site that never stops paging is stopped here (a million posts). */
const MAX_PAGES = 10_000;

/** The fields a WordPress post record carries (BUILT_IN_FIELD_SETS['wordpress']). */
export const WORDPRESS_FIELDS = fieldSetOf('wordpress');

/** {"code", "message", "data": {"status"}} (https://developer.wordpress.org/rest-api/using-the-rest-api/global-parameters/). */
const readError: ErrorReader = (body) => {
  const code = textOr(pick(body, 'code'));
  const message = textOr(pick(body, 'message'));
  return message ? `${stripHtml(message)}${code ? ` (${code})` : ''}` : code;
};

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', hellip: '…', ndash: '–', mdash: '—', lsquo: '‘', rsquo: '’', ldquo: '“', rdquo: '”' };

/** Rendered HTML as plain text: tags dropped, entities decoded, spaces collapsed. */
export function stripHtml(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
      const lower = entity.toLowerCase();
      if (lower.startsWith('#')) {
        const code = lower.startsWith('#x') ? parseInt(lower.slice(2), 16) : parseInt(lower.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[lower] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

const rendered = (post: Record<string, unknown>, field: string): string | null => {
  const value = textOr(pick(post, `${field}.rendered`)) ?? textOr(post[field]);
  return value === null ? null : stripHtml(value);
};

const idList = (value: unknown): string | null => (Array.isArray(value) ? value.map((each) => textOr(each)).filter(Boolean).join(',') : null);

/** A WordPress post as the WordPress field set names it. */
export function wordpressRecord(post: Record<string, unknown>): Record<string, unknown> {
  return {
    item_id: textOr(post.id),
    title: rendered(post, 'title'),
    excerpt: rendered(post, 'excerpt'),
    link: textOr(post.link),
    slug: textOr(post.slug),
    status: textOr(post.status),
    categories: idList(post.categories),
    tags: idList(post.tags),
    author: textOr(post.author),
    date: textOr(post.date),
    modified: textOr(post.modified),
  };
}

/** The site's address (there is no default: every site has its own). */
const siteOf = (context: ConnectorContext) => baseUrlOf(context, 'baseUrl', requiredSetting(context, ['baseUrl'], 'The site address'));

function headers(context: ConnectorContext): Record<string, string> {
  const user = settingText(context, 'username');
  const password = (context.secrets.applicationPassword ?? context.secrets.apiKey ?? '').trim();
  if (!user && !password) return {};
  if (!user || !password) throw new ConnectorError('Give both the user name and the application password, or neither for a public site.');
  // Application passwords are shown with spaces; WordPress accepts them with or without.
  return { authorization: `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}` };
}

/** modified is site time without a zone: 2024-05-01T10:00:00. */
const SITE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

async function postsPage(context: ConnectorContext, url: string): Promise<{ posts: Array<Record<string, unknown>>; totalPages: number | null }> {
  if (context.signal.aborted) throw new ConnectorError('The sync was stopped', true);
  const response = await context.fetch(url, { headers: headers(context) });
  // vendorJson reads the body and maps errors; the page count is read from the same answer.
  const body = await vendorJson<unknown>({ ...context, fetch: async () => response }, VENDOR, url, {}, readError);
  const posts = expectArray(body, VENDOR, 'a list of posts').filter(isRecordObject);
  const total = Number(response.headers.get('x-wp-totalpages'));
  return { posts, totalPages: Number.isInteger(total) && total >= 0 ? total : null };
}

export const wordpressConnector: Connector = {
  catalogueId: 'wordpress',
  keyField: 'item_id',

  async test(context) {
    const base = siteOf(context);
    await postsPage(context, `${base}/wp-json/wp/v2/posts${query({ per_page: 1, _fields: 'id' })}`);
  },

  async *pull(context) {
    const base = siteOf(context);
    const since = context.cursor && SITE_TIME.test(context.cursor) ? context.cursor : null;
    let newest = since;
    for (let page = 1; ; page += 1) {
      if (page > MAX_PAGES) throw new ConnectorError(`${VENDOR} answered more than ${MAX_PAGES} pages: stopping so the sync does not loop.`);
      const url = `${base}/wp-json/wp/v2/posts${query({ per_page: PAGE_SIZE, page, orderby: 'modified', order: 'asc', modified_after: since ?? undefined })}`;
      const { posts, totalPages } = await postsPage(context, url);
      for (const post of posts) {
        const modified = textOr(post.modified);
        if (modified && SITE_TIME.test(modified) && (newest === null || modified > newest)) newest = modified;
      }
      yield { records: posts.map(wordpressRecord), cursor: newest };
      if (!posts.length || posts.length < PAGE_SIZE || (totalPages !== null && page >= totalPages)) return;
    }
  },
};

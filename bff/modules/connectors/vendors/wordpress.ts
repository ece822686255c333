/**
 * WordPress: the site's posts through the REST API (wp-json/wp/v2/posts) as content items, 100 a
 * page, paged by page number up to the X-WP-TotalPages header, oldest change first. Incremental by
 * `modified` (the site's local time, which modified_after compares with): a run reads only posts
 * changed after the newest one the previous run saw. Public posts need no credentials; an
 * application password (Basic auth, user + password) reaches a private site. A declarative
 * definition; code for the error format and the rendered HTML fields.
 * https://developer.wordpress.org/rest-api/reference/posts/#list-posts
 */
import { fieldSetOf } from '@domain/data/catalogue';
import type { ConnectorManifest } from '@domain/data/connectorManifest/types';
import { manifestConnector } from '../declarative/engine';
import { pick, textOr, type ErrorReader } from '../shared';

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

/** The fields WordPress answers as rendered HTML or id lists, as text. */
export function wordpressPost(post: Record<string, unknown>, mapped: Record<string, unknown>): Record<string, unknown> {
  return { ...mapped, title: rendered(post, 'title'), excerpt: rendered(post, 'excerpt'), categories: idList(post.categories), tags: idList(post.tags) };
}

export const WORDPRESS_MANIFEST: ConnectorManifest = {
  version: 1,
  name: VENDOR,
  catalogue_id: 'wordpress',
  // The site's address has no default: every site has its own.
  requires: [{ value: '{{ settings.baseUrl }}', message: 'The site address is required.' }],
  authenticator: {
    type: 'BasicHttpAuthenticator',
    username: '{{ settings.username }}',
    // Application passwords are shown with spaces; WordPress accepts them with or without.
    password: '{{ secrets.applicationPassword or secrets.apiKey }}',
    optional: true,
    incomplete_message: 'Give both the user name and the application password, or neither for a public site.',
  },
  error_handler: { type: 'DefaultErrorHandler', hook: 'wordpress_error' },
  check: { type: 'CheckStream', stream_names: ['posts'], page_size: 1 },
  streams: [
    {
      type: 'DeclarativeStream',
      name: 'posts',
      primary_key: 'item_id',
      retriever: {
        type: 'SimpleRetriever',
        requester: { type: 'HttpRequester', url_base: '{{ settings.baseUrl }}', path: '/wp-json/wp/v2/posts', request_parameters: { orderby: 'modified', order: 'asc' } },
        record_selector: { type: 'RecordSelector', extractor: { type: 'DpathExtractor', field_path: [] } },
        paginator: {
          type: 'DefaultPaginator',
          page_size_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'per_page' },
          page_token_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'page' },
          pagination_strategy: { type: 'PageIncrement', page_size: PAGE_SIZE, inject_on_first_request: true, total_pages_header: 'x-wp-totalpages' },
          max_pages: MAX_PAGES,
        },
      },
      // modified is the site's local time, which modified_after compares with.
      incremental_sync: {
        type: 'DatetimeBasedCursor',
        cursor_field: 'modified',
        datetime_format: 'naive',
        start_time_option: { type: 'RequestOption', inject_into: 'request_parameter', field_name: 'modified_after' },
      },
      fields: { item_id: 'id', link: 'link', slug: 'slug', status: 'status', author: 'author', date: 'date', modified: 'modified' },
      transformations: [{ type: 'NamedTransformation', name: 'wordpress_post' }],
    },
  ],
};

export const wordpressConnector = manifestConnector(WORDPRESS_MANIFEST, {
  errorReaders: { wordpress_error: readError },
  transformations: { wordpress_post: wordpressPost },
});

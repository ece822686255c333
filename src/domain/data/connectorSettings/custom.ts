/** Settings of the custom connectors: Webhook, REST, GraphQL, PostgreSQL and MySQL. */
import type { ConnectorDefinition, ConnectorSetting } from '../connectors';

/** What a database connector asks for: where, who, and the query whose rows become records. */
const databaseSettings = (port: string): ConnectorSetting[] => [
  { name: 'host', label: 'Host', input: 'text', required: true, placeholder: 'db.example.com' },
  { name: 'port', label: 'Port', input: 'number', required: true, defaultValue: port },
  { name: 'database', label: 'Database', input: 'text', required: true },
  { name: 'user', label: 'User', input: 'text', required: true, help: 'A user that may only read.' },
  // Optional: a server may trust the connection (trust or peer auth, a passwordless MySQL user).
  { name: 'password', label: 'Password', input: 'password', required: false, secret: true, help: 'Leave empty when the server asks for none.' },
  { name: 'tls', label: 'Use TLS', input: 'checkbox', required: false, defaultValue: 'true' },
  { name: 'query', label: 'Query', input: 'textarea', required: true, placeholder: 'select id, email, updated_at from customers', help: 'A select whose rows become records.' },
  {
    name: 'cursorColumn',
    label: 'Incremental column',
    input: 'text',
    required: false,
    placeholder: 'updated_at',
    help: 'A column that grows: later syncs read only rows past its largest value.',
  },
  { name: 'keyField', label: 'Key column', input: 'text', required: false, placeholder: 'id' },
];

export const CUSTOM_CONNECTORS: readonly ConnectorDefinition[] = [
  // Pushed sources: records arrive at the source's ingestion URL (bff/modules/dataSources/ingestion), nothing to set.
  { catalogueId: 'webhook', kind: 'webhook', settings: [], documentation: 'https://www.standardwebhooks.com/' },
  { catalogueId: 'segment', kind: 'webhook', settings: [], documentation: 'https://segment.com/docs/connections/destinations/catalog/actions-webhook/' },
  {
    catalogueId: 'rest-api',
    kind: 'rest',
    settings: [
      { name: 'url', label: 'API URL', input: 'url', required: true, placeholder: 'https://api.example.com/v1/customers' },
      {
        name: 'method',
        label: 'Method',
        input: 'select',
        required: false,
        defaultValue: 'GET',
        options: [
          { value: 'GET', label: 'GET' },
          { value: 'POST', label: 'POST' },
        ],
      },
      { name: 'authHeaderName', label: 'Auth header name', input: 'text', required: false, placeholder: 'Authorization', help: 'The header that carries your key.' },
      { name: 'authHeaderValue', label: 'Auth header value', input: 'password', required: false, secret: true, placeholder: 'Bearer sk_live_...' },
      { name: 'headers', label: 'Other headers', input: 'textarea', required: false, placeholder: '{"Accept": "application/json"}', help: 'A JSON object.' },
      { name: 'body', label: 'Request body (POST)', input: 'textarea', required: false, help: 'Sent as JSON with POST.' },
      { name: 'recordsPath', label: 'Records path', input: 'text', required: false, placeholder: 'data.items', help: 'Where the list of records is in the answer; empty when the answer is the list.' },
      {
        name: 'pagination',
        label: 'Pagination',
        input: 'select',
        required: false,
        defaultValue: 'none',
        options: [
          { value: 'none', label: 'None (one request)' },
          { value: 'page', label: 'Page number' },
          { value: 'offset', label: 'Offset and limit' },
          { value: 'cursor', label: 'Cursor in the answer' },
          { value: 'link', label: 'Link header (rel="next")' },
        ],
      },
      { name: 'pageSize', label: 'Page size', input: 'number', required: false, defaultValue: '100' },
      { name: 'pageParam', label: 'Page parameter', input: 'text', required: false, placeholder: 'page' },
      { name: 'pageSizeParam', label: 'Page size parameter', input: 'text', required: false, placeholder: 'per_page' },
      { name: 'offsetParam', label: 'Offset parameter', input: 'text', required: false, placeholder: 'offset' },
      { name: 'limitParam', label: 'Limit parameter', input: 'text', required: false, placeholder: 'limit' },
      { name: 'cursorParam', label: 'Cursor parameter', input: 'text', required: false, placeholder: 'cursor' },
      { name: 'nextCursorPath', label: 'Next cursor path', input: 'text', required: false, placeholder: 'meta.next_cursor', help: "Where the next page's cursor is in the answer." },
      {
        name: 'cursorField',
        label: 'Incremental field',
        input: 'text',
        required: false,
        placeholder: 'updated_at',
        help: 'A field that grows (update time, id): later syncs read only records from its largest value on.',
      },
      { name: 'sinceParam', label: 'Incremental parameter', input: 'text', required: false, placeholder: 'updated_since', help: 'Query parameter that sends that value to the API.' },
      { name: 'keyField', label: 'Key field', input: 'text', required: false, placeholder: 'id', help: 'Identifies a record: a record seen again replaces the stored one.' },
    ],
  },
  {
    catalogueId: 'graphql',
    kind: 'graphql',
    settings: [
      { name: 'endpoint', label: 'GraphQL endpoint', input: 'url', required: true, placeholder: 'https://api.example.com/graphql' },
      {
        name: 'query',
        label: 'Query',
        input: 'textarea',
        required: true,
        placeholder: 'query($after: String) { customers(first: 100, after: $after) { nodes { id email } pageInfo { hasNextPage endCursor } } }',
      },
      { name: 'variables', label: 'Variables', input: 'textarea', required: false, placeholder: '{"first": 100}', help: 'A JSON object.' },
      { name: 'recordsPath', label: 'Records path', input: 'text', required: true, placeholder: 'data.customers.nodes' },
      { name: 'pageInfoPath', label: 'Page info path', input: 'text', required: false, placeholder: 'data.customers.pageInfo', help: 'Where { hasNextPage, endCursor } is; empty reads one page.' },
      { name: 'afterVariable', label: 'Cursor variable', input: 'text', required: false, placeholder: 'after' },
      { name: 'authHeaderName', label: 'Auth header name', input: 'text', required: false, placeholder: 'Authorization' },
      { name: 'authHeaderValue', label: 'Auth header value', input: 'password', required: false, secret: true, placeholder: 'Bearer ...' },
      { name: 'headers', label: 'Other headers', input: 'textarea', required: false, placeholder: '{"X-Api-Version": "2024-01"}', help: 'A JSON object.' },
      { name: 'cursorField', label: 'Incremental field', input: 'text', required: false, placeholder: 'updatedAt' },
      { name: 'sinceVariable', label: 'Incremental variable', input: 'text', required: false, placeholder: 'since', help: 'Variable that receives the largest value seen by the last sync.' },
      { name: 'keyField', label: 'Key field', input: 'text', required: false, placeholder: 'id' },
    ],
  },
  { catalogueId: 'postgresql', kind: 'database', settings: databaseSettings('5432') },
  { catalogueId: 'mysql', kind: 'database', settings: databaseSettings('3306') },
];

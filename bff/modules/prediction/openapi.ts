/**
 * The prediction API's one OpenAPI 3.1 document, served at /api/v1/openapi.json. The limits and
 * enumerations come from the same constants the validation uses; the examples are example.ts's,
 * written for the demo catalogue and run as shown by tests/bff/openapi-examples.test.ts. The
 * Documentation tab renders its samples and code examples from this document. It keeps to Redocly's
 * recommended ruleset (a license, a description on every tag, an operationId and a 4xx answer on
 * every operation), which openapi.test.ts checks.
 */
import { API_KEY_HEADER } from '@domain/apiKeys';
import { API_ERRORS, type ErrorCode } from '@domain/errors';
import { DISCOVERY_LEVERS } from '@domain/models/settings';
import {
  CUSTOM_ATTRIBUTE_TYPES,
  EVENT_TYPES,
  EVENTS_BATCH_MAX,
  ITEMS_BATCH_MAX,
  QUERY_MAX_LENGTH,
  TOP_K_DEFAULT,
  TOP_K_MAX,
  TOP_K_MIN,
} from '@domain/prediction/contract';
import { EXCLUDE_ITEMS_MAX, IDENTIFIER_MAX } from '@domain/prediction/schemas';
import {
  CUSTOM_ATTRIBUTE_EXAMPLE,
  EVENTS_EXAMPLE,
  EVENTS_RESULT_EXAMPLE,
  ITEMS_EXAMPLE,
  ITEMS_RESULT_EXAMPLE,
  PREDICT_EXAMPLE,
  PREDICT_RESPONSE_EXAMPLE,
  PREDICT_WITH_ATTRIBUTES_EXAMPLE,
} from './example';

type Schema = Record<string, unknown>;

function errorResponse(description: string, codes: ErrorCode[]): Schema {
  const examples = Object.fromEntries(
    codes.map((code) => [code, { value: { error: API_ERRORS[code].error, message: API_ERRORS[code].message, code } }]),
  );
  return { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' }, examples } } };
}

const COMMON_ERRORS = {
  '401': errorResponse(`The ${API_KEY_HEADER} header is missing, or its key is unknown, revoked, expired or paused.`, ['api_key_required', 'invalid_api_key', 'api_key_paused']),
  '403': errorResponse('The key lacks the scope this operation needs, or its company is not active.', ['access_denied', 'company_inactive']),
  '429': errorResponse('Too many calls of this key this minute (see Retry-After).', ['rate_limited']),
};

const schemas: Record<string, Schema> = {
  Error: {
    type: 'object',
    required: ['error', 'message', 'code'],
    properties: {
      error: { type: 'string', description: 'Short and human-readable.' },
      message: { type: 'string', description: 'One sentence of detail.' },
      code: { type: 'string', description: 'Stable code to branch on.', enum: Object.keys(API_ERRORS) },
      fields: { type: 'object', additionalProperties: { type: 'string' }, description: 'Per-field messages of a validation error, e.g. "events[3].type".' },
    },
  },
  FilterValue: {
    description: 'Equals (a value), one of (a list), or a range of numbers.',
    oneOf: [
      { type: 'string' },
      { type: 'number' },
      { type: 'boolean' },
      { type: 'array', minItems: 1, items: { type: ['string', 'number', 'boolean'] } },
      { type: 'object', minProperties: 1, additionalProperties: false, properties: { gte: { type: 'number' }, lte: { type: 'number' }, gt: { type: 'number' }, lt: { type: 'number' } } },
    ],
  },
  PredictRequest: {
    type: 'object',
    additionalProperties: false,
    properties: {
      query: { type: 'string', maxLength: QUERY_MAX_LENGTH, default: '', description: 'What the person is looking for; empty for pure recommendations.' },
      top_k: { type: 'integer', minimum: TOP_K_MIN, maximum: TOP_K_MAX, default: TOP_K_DEFAULT },
      filters: { type: 'object', additionalProperties: { $ref: '#/components/schemas/FilterValue' }, description: 'Hard filters on item fields.' },
      metadata: {
        type: 'object',
        description: 'user_id picks the person (their history and the holdout); channel (email, push, web, sms) fits the explanation’s length; the rest feeds matchmaking.',
        properties: { user_id: { type: 'string', maxLength: IDENTIFIER_MAX }, channel: { type: 'string' } },
        additionalProperties: true,
      },
      custom_attributes: {
        type: 'object',
        description: `Values of the company’s custom attributes (types: ${CUSTOM_ATTRIBUTE_TYPES.join(', ')}); they boost items whose field of the same name matches.`,
        additionalProperties: true,
      },
      include_seen: {
        type: 'boolean',
        default: false,
        description: 'Also serve items the person already has. By default an item the person had an event of a consuming type with (the model settings’ consumed event types; purchase unless changed) is never served, ranked or filled in.',
      },
      exclude_items: { type: 'array', maxItems: EXCLUDE_ITEMS_MAX, items: { type: 'string', maxLength: IDENTIFIER_MAX }, default: [], description: 'Item ids never to serve in this answer, e.g. those already on the page.' },
    },
  },
  PredictReason: {
    type: 'object',
    required: ['signal', 'contribution', 'evidence'],
    properties: {
      signal: { type: 'string', enum: [...DISCOVERY_LEVERS, 'customAttributes', 'popularity'] },
      contribution: { type: 'number', description: 'The signal’s share of the score (weight × normalised value); the score is their sum. Negative only for intentDiversification: what placing the item lower for variety took off.' },
      evidence: { type: 'string' },
    },
  },
  PredictItem: {
    type: 'object',
    required: ['id', 'title', 'score', 'explanation', 'reasons', 'source', 'metadata'],
    properties: {
      id: { type: 'string' },
      title: { type: 'string' },
      score: { type: 'number', description: 'What the list is ordered by (never higher than the item above): the sum of the reasons’ contributions.' },
      relevance: { type: 'number', description: 'The score before diversification; present only when Intent Diversification placed the item lower (its negative intentDiversification reason is the difference).' },
      explanation: { type: 'string' },
      reasons: { type: 'array', items: { $ref: '#/components/schemas/PredictReason' } },
      source: { type: 'string', enum: ['ranked', 'popular', 'baseline'], description: 'popular: filled in because too few items matched; baseline: the holdout’s popularity answer.' },
      metadata: {
        type: 'object',
        properties: { category: { type: ['string', 'null'] }, price: { type: ['number', 'null'] }, tags: { type: 'array', items: { type: 'string' } } },
      },
    },
  },
  PredictResponse: {
    type: 'object',
    required: ['model', 'latency_ms', 'items', 'query', 'top_k', 'total_results', 'holdout', 'custom_attributes_received', 'request_id'],
    properties: {
      model: { type: 'string', description: '"discovery@settings{v}/snapshot{n}", or "baseline@popularity/snapshot{n}" for the holdout.' },
      latency_ms: { type: 'number', description: 'Measured on the server.' },
      items: { type: 'array', items: { $ref: '#/components/schemas/PredictItem' } },
      query: { type: 'string' },
      top_k: { type: 'integer' },
      total_results: { type: 'integer' },
      holdout: { type: 'boolean' },
      custom_attributes_received: { type: 'object', additionalProperties: true },
      request_id: { type: 'string', format: 'uuid' },
    },
  },
  Event: {
    type: 'object',
    required: ['event_id', 'user_id', 'item_id', 'type'],
    properties: {
      event_id: { type: 'string', minLength: 1, maxLength: IDENTIFIER_MAX, description: 'Makes a resend harmless: a known event_id is ignored.' },
      user_id: { type: 'string', minLength: 1, maxLength: IDENTIFIER_MAX },
      item_id: { type: 'string', minLength: 1, maxLength: IDENTIFIER_MAX },
      type: { type: 'string', enum: [...EVENT_TYPES] },
      value: { type: ['number', 'null'], description: 'A rating (1-5) for rating events, an amount for purchases and conversions.' },
      timestamp: { type: 'string', format: 'date-time', description: 'ISO 8601; the time of receipt when absent.' },
    },
  },
  EventsResult: {
    type: 'object',
    required: ['received', 'stored', 'duplicates'],
    properties: { received: { type: 'integer' }, stored: { type: 'integer' }, duplicates: { type: 'integer' } },
  },
  Item: {
    type: 'object',
    required: ['id', 'title'],
    additionalProperties: true,
    description: 'Fields beyond these are kept and can be filtered on.',
    properties: {
      id: { type: 'string', minLength: 1, maxLength: IDENTIFIER_MAX },
      title: { type: 'string', minLength: 1 },
      description: { type: 'string' },
      category: { type: 'string' },
      tags: { type: 'array', items: { type: 'string' } },
      genres: { type: 'array', items: { type: 'string' } },
      price: { type: 'number', minimum: 0 },
      available: { type: 'boolean' },
      stock: { type: 'number', minimum: 0 },
      seller_id: { type: 'string' },
      rating: { type: 'number', minimum: 0, maximum: 5 },
      rating_count: { type: 'integer', minimum: 0 },
      flagged: { type: 'boolean', description: 'Flagged items are never recommended.' },
      delivery_days: { type: 'number', minimum: 0 },
      regions: { type: 'array', items: { type: 'string' } },
      created_at: { type: 'string', format: 'date-time' },
    },
  },
  ItemsResult: {
    type: 'object',
    required: ['received', 'created', 'updated'],
    properties: { received: { type: 'integer' }, created: { type: 'integer' }, updated: { type: 'integer' } },
  },
  UsageSummary: {
    type: 'object',
    required: ['range', 'calls', 'errors', 'zeroResults', 'p50Ms', 'p95Ms', 'p99Ms', 'series'],
    properties: {
      range: { type: 'string', enum: ['24h', '30d'] },
      calls: { type: 'integer' },
      errors: { type: 'integer' },
      zeroResults: { type: 'integer' },
      p50Ms: { type: ['number', 'null'] },
      p95Ms: { type: ['number', 'null'] },
      p99Ms: { type: ['number', 'null'] },
      series: {
        type: 'array',
        items: { type: 'object', properties: { at: { type: 'string', format: 'date-time' }, calls: { type: 'integer' }, errors: { type: 'integer' } } },
      },
    },
  },
  KeyUsage: {
    type: 'object',
    required: ['apiKeyId', 'last24h', 'last30d'],
    properties: {
      apiKeyId: { type: 'string' },
      last24h: { $ref: '#/components/schemas/UsageSummary' },
      last30d: { $ref: '#/components/schemas/UsageSummary' },
    },
  },
};

const batchOf = (name: 'Event' | 'Item', max: number): Schema => ({
  oneOf: [
    { $ref: `#/components/schemas/${name}` },
    { type: 'array', minItems: 1, maxItems: max, items: { $ref: `#/components/schemas/${name}` } },
    {
      type: 'object',
      required: [name === 'Event' ? 'events' : 'items'],
      properties: { [name === 'Event' ? 'events' : 'items']: { type: 'array', minItems: 1, maxItems: max, items: { $ref: `#/components/schemas/${name}` } } },
    },
  ],
});

/** The document, with the server's public address as its base: one literal, read top to bottom like the document it prints. */
export function buildOpenApiDocument(publicUrl: string): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Navout Prediction API',
      version: '1.0.0',
      description:
        `Recommendations with faithful explanations from your own catalogue and interactions. Send items and events, then ask for predictions. Every call needs an API key in the ${API_KEY_HEADER} header: read for predict, write for events and items, admin for the key’s usage. ` +
        'The examples are written for the demo company’s catalogue (Acme Retail: items ACM-10001 onwards, customers AC-100001 onwards); against your own, replace the item ids, category, query and user_id with yours. ' +
        'This description and its examples may be copied and used to generate clients under the MIT license; the service itself is used under your Navout agreement.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: `${publicUrl.replace(/\/+$/, '')}/api`, description: 'This Navout server' }],
    security: [{ ApiKey: [] }],
    tags: [
      { name: 'Predictions', description: 'Ranked items for a person or a query, each with the signals that placed it and an explanation in words.' },
      { name: 'Data', description: 'The catalogue and the interactions predictions are made from: items by id, events by event_id, both idempotent.' },
      { name: 'Usage', description: 'The calling key’s own calls, errors and latency.' },
    ],
    paths: {
      '/v1/predict': {
        post: {
          tags: ['Predictions'],
          operationId: 'predict',
          summary: 'Ranked items with explanations',
          description: 'Needs the read scope. Deterministic: the same request on the same settings and snapshot gives the same answer.',
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/PredictRequest' },
                examples: {
                  bedding: { summary: 'Linen pillows for a demo customer', value: PREDICT_EXAMPLE },
                  customAttributes: {
                    summary: 'With a custom attribute',
                    description: `Needs a custom attribute named ${CUSTOM_ATTRIBUTE_EXAMPLE.name} (type ${CUSTOM_ATTRIBUTE_EXAMPLE.type}) defined on the Outbound API page’s Custom Attributes tab first; replace it with attributes of your own. An attribute that is not defined is refused (400 unknown_custom_attribute).`,
                    value: PREDICT_WITH_ATTRIBUTES_EXAMPLE,
                  },
                },
              },
            },
          },
          responses: {
            '200': { description: 'The ranked items.', content: { 'application/json': { schema: { $ref: '#/components/schemas/PredictResponse' }, example: PREDICT_RESPONSE_EXAMPLE } } },
            '400': errorResponse('The body is not valid, or a custom attribute is unknown or has the wrong type.', ['validation_failed', 'malformed_body', 'unknown_custom_attribute', 'invalid_custom_attribute']),
            ...COMMON_ERRORS,
            // Only served predictions count against the plan's monthly allowance.
            '429': errorResponse('Too many calls of this key this minute (see Retry-After), or the Free plan’s monthly predict calls are used up.', ['rate_limited', 'quota_exceeded']),
            '503': errorResponse('The catalogue index could not be built.', ['snapshot_unavailable']),
          },
        },
      },
      '/v1/events': {
        post: {
          tags: ['Data'],
          operationId: 'sendEvents',
          summary: `Record interactions (up to ${EVENTS_BATCH_MAX.toLocaleString('en-US')} per request)`,
          description:
            'Needs the write scope. Idempotent by event_id. A batch with one invalid event is refused whole (400 naming its position and field) and nothing is stored. ' +
            'With an Idempotency-Key header, a batch sent again with the same key and body (after a lost answer) is answered as the first time (Idempotent-Replayed: true) for a day.',
          parameters: [
            {
              name: 'Idempotency-Key',
              in: 'header',
              required: false,
              description: 'A unique value per batch, such as a UUID (1 to 255 visible ASCII characters; a quoted structured-field string is accepted), as in draft-ietf-httpapi-idempotency-key-header.',
              schema: { type: 'string', minLength: 1, maxLength: 257 },
            },
          ],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: batchOf('Event', EVENTS_BATCH_MAX),
                example: EVENTS_EXAMPLE,
              },
            },
          },
          responses: {
            '200': { description: 'What was stored.', content: { 'application/json': { schema: { $ref: '#/components/schemas/EventsResult' }, example: EVENTS_RESULT_EXAMPLE } } },
            '400': errorResponse('An event is not valid; the error names its position and field (e.g. "Event 3, type: …"), or the Idempotency-Key is not valid.', [
              'validation_failed',
              'malformed_body',
              'idempotency_key_invalid',
            ]),
            '409': errorResponse('A batch with this Idempotency-Key is still being stored.', ['idempotency_key_in_flight']),
            '422': errorResponse('This Idempotency-Key was sent before with another batch.', ['idempotency_key_reused']),
            ...COMMON_ERRORS,
          },
        },
      },
      '/v1/items': {
        put: {
          tags: ['Data'],
          operationId: 'upsertItems',
          summary: `Create or update catalogue items by id (up to ${ITEMS_BATCH_MAX.toLocaleString('en-US')} per request)`,
          description: 'Needs the write scope. Items count in predictions within a minute.',
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: batchOf('Item', ITEMS_BATCH_MAX),
                example: ITEMS_EXAMPLE,
              },
            },
          },
          responses: {
            '200': { description: 'What was created and updated.', content: { 'application/json': { schema: { $ref: '#/components/schemas/ItemsResult' }, example: ITEMS_RESULT_EXAMPLE } } },
            '400': errorResponse('An item is not valid; the error names its position and field.', ['validation_failed', 'malformed_body']),
            ...COMMON_ERRORS,
          },
        },
      },
      '/v1/usage': {
        get: {
          tags: ['Usage'],
          operationId: 'keyUsage',
          summary: 'This key’s calls, errors and latency percentiles over 24 hours and 30 days',
          description: 'Needs the admin scope.',
          responses: {
            '200': { description: 'The key’s usage.', content: { 'application/json': { schema: { $ref: '#/components/schemas/KeyUsage' } } } },
            '401': COMMON_ERRORS['401'],
            '403': COMMON_ERRORS['403'],
          },
        },
      },
    },
    components: {
      securitySchemes: { ApiKey: { type: 'apiKey', in: 'header', name: API_KEY_HEADER, description: 'The 64-character token shown once when the key was created.' } },
      schemas,
    },
  };
}

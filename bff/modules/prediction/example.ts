/**
 * The Documentation tab's predict example for one company, made from its own data so that it runs
 * as shown: a query of an item's own title words, that item's category as a filter, and a value of
 * the right type for each of the company's custom attributes (the item's own value where it has
 * one). Each candidate is ranked on the company's snapshot with its current settings, and the first
 * that answers with items is the example, with that answer as its response: the request and the
 * response shown come from the same ranking a call to POST /v1/predict makes.
 */
import type { EntityManager } from '@mikro-orm/core';
import type { CustomAttributeType, PredictExample, PredictRequest, PredictResponse } from '@domain/prediction/contract';
import { CustomAttribute } from '../../entities';
import { rowsOf, type RawRow } from '../../platform/sql';
import { checkCustomAttributes, rankRequestOf, rankWith, responseOf } from './predict';
import { parsePredictRequest } from './predictHandler';
import { latestSettings } from './settings';
import { catalogueItemOf } from './snapshotInput';
import type { LoadedSnapshot } from './snapshots';
import type { CatalogueItem } from './engine/types';

/** Items looked at for an example: enough to find a servable one with a title. */
const CANDIDATE_ITEMS = 20;
const QUERY_WORDS = 3;

/** The item's own value of an attribute when it has one of the attribute's type, else a plain one. */
function exampleValue(type: CustomAttributeType, own: unknown): unknown {
  switch (type) {
    case 'string':
      return typeof own === 'string' && own.trim() ? own : 'example';
    case 'number':
      return typeof own === 'number' && Number.isFinite(own) ? own : 1;
    case 'boolean':
      return typeof own === 'boolean' ? own : true;
    case 'array':
      return Array.isArray(own) && own.length ? own.slice(0, 3) : ['example'];
    case 'object':
      return {};
  }
}

function requestFor(item: CatalogueItem, attributes: ReadonlyArray<{ name: string; type: CustomAttributeType }>): PredictRequest {
  const words = item.title.split(/\s+/).filter((word) => /\p{L}{3,}/u.test(word)).slice(0, QUERY_WORDS);
  return {
    query: (words.length ? words : [item.title]).join(' ').toLowerCase(),
    top_k: 3,
    ...(item.category ? { filters: { category: item.category } } : {}),
    metadata: { channel: 'web' },
    ...(attributes.length ? { custom_attributes: Object.fromEntries(attributes.map(({ name, type }) => [name, exampleValue(type, item.fields[name])])) } : {}),
  };
}

/**
 * The answer POST /v1/predict gives the request, or null when it has no items. The request names
 * no person, so no holdout and no recent events of theirs apply, as in the API.
 */
async function answerTo(em: EntityManager, companyId: string, snapshot: LoadedSnapshot, request: PredictRequest, now: number): Promise<PredictExample | null> {
  const startedAt = performance.now();
  const valid = await parsePredictRequest(request);
  const attributeTypes = await checkCustomAttributes(() => em, companyId, valid.custom_attributes ?? {});
  const settings = await latestSettings(em, companyId);
  const ranking = rankWith(snapshot, settings, rankRequestOf(valid, attributeTypes, [], now), { holdout: false });
  return ranking.items.length ? { request, response: responseOf(valid, ranking, startedAt) } : null;
}

const NO_EXAMPLE: PredictExample = { request: null, response: null };

/**
 * The company's example and its answer; both null when it has no item that makes one (the
 * document's generic example is shown then, with a word that the catalogue comes first).
 */
export async function predictExampleFor(em: EntityManager, companyId: string, snapshot: () => Promise<LoadedSnapshot>, now: number): Promise<PredictExample> {
  const rows = rowsOf<RawRow>(
    await em
      .getConnection()
      .execute(
        `select item_id, record_key, data, unified from data_records where company_id = ? and kind = 'items' order by id limit ${CANDIDATE_ITEMS}`,
        [companyId],
      ),
  );
  const items = rows
    .map((row) => catalogueItemOf(String(row.item_id ?? row.record_key ?? ''), row.data, row.unified))
    .filter((item) => item.id && item.title.trim() && !item.flagged && item.available && item.stock !== 0);
  if (!items.length) return NO_EXAMPLE;
  const attributes = await em.find(CustomAttribute, { companyId }, { fields: ['name', 'type'], orderBy: { name: 'asc' } });
  const loaded = await snapshot();
  for (const item of items) {
    const example = await answerTo(em, companyId, loaded, requestFor(item, attributes), now);
    if (example) return example;
  }
  return NO_EXAMPLE;
}

/**
 * The document's examples (openapi.ts), written for the demo company Acme Retail's catalogue and
 * customers (bff/seeders/demoCatalogue.ts) so that each runs as shown against a demo installation:
 * tests/bff/openapi-examples.test.ts sends every one and checks the answer against the document.
 * Against your own catalogue, replace the item ids, category, query and user_id with yours.
 */
export const DEMO_USER_ID = 'AC-100128';

export const PREDICT_EXAMPLE: PredictRequest = {
  query: 'linen pillow',
  top_k: 3,
  filters: { category: 'Bedding', price: { lte: 150 } },
  metadata: { user_id: DEMO_USER_ID, channel: 'web' },
};

/** A custom attribute is sent only once it is defined: this one needs `room` (type string) first. */
export const CUSTOM_ATTRIBUTE_EXAMPLE = { name: 'room', type: 'string' } as const satisfies { name: string; type: CustomAttributeType };

export const PREDICT_WITH_ATTRIBUTES_EXAMPLE: PredictRequest = {
  ...PREDICT_EXAMPLE,
  custom_attributes: { [CUSTOM_ATTRIBUTE_EXAMPLE.name]: 'bedroom' },
};

/** A new item of the demo's Bedding category. */
export const ITEMS_EXAMPLE = {
  items: [
    {
      id: 'ACM-20001',
      title: 'Linen Pillow Sham',
      description: 'A stonewashed linen sham for standard pillows.',
      category: 'Bedding',
      tags: ['bedding', 'pillow', 'linen'],
      price: 39,
      available: true,
      stock: 120,
      seller_id: 'Fjord Textiles',
    },
  ],
};
export const ITEMS_RESULT_EXAMPLE = { received: 1, created: 1, updated: 0 };

/** The demo person viewing a demo item. */
export const EVENTS_EXAMPLE = {
  events: [{ event_id: 'AC-EV-DOCS-0001', user_id: DEMO_USER_ID, item_id: 'ACM-10163', type: 'view', timestamp: '2026-03-10T12:00:00Z' }],
};
export const EVENTS_RESULT_EXAMPLE = { received: 1, stored: 1, duplicates: 0 };

/**
 * The demo's answer to PREDICT_EXAMPLE, as a demo installation gave it (its latency and request id
 * aside). The items, their order and scores are the engine's at the time: the test checks that they
 * are demo items meeting the request's filters, in the API's rounding, and that the rest of the
 * answer (query, top_k, holdout, counts) is what the API answers now.
 */
export const PREDICT_RESPONSE_EXAMPLE: PredictResponse = {
  model: 'discovery@settings2/snapshot1',
  latency_ms: 4.18,
  items: [
    {
      id: 'ACM-12676',
      title: 'Linen Sheet Set',
      score: 3.988934,
      explanation: 'Picked for you! Rated 4.5 from 579 reviews, matches your interest in Scandinavian (30 of your 41 interactions), and in stock (107).',
      reasons: [
        {
          signal: 'trustSafety',
          contribution: 0.7910439857943169,
          evidence: 'Rated 4.5 from 579 reviews',
        },
        {
          signal: 'genreBased',
          contribution: 0.7,
          evidence: 'In Scandinavian, the focus of 30 of 41 recent interactions',
        },
        {
          signal: 'supplyDemand',
          contribution: 0.7,
          evidence: 'In stock (107)',
        },
        {
          signal: 'priceElasticity',
          contribution: 0.65,
          evidence: 'In the price range this shopper usually buys in (39.67–94.08)',
        },
        {
          signal: 'twoSidedMatchmaking',
          contribution: 0.544,
          evidence: '100 % of the 2 people who engaged with it favour Scandinavian, like this shopper',
        },
        {
          signal: 'contentDiscovery',
          contribution: 0.33722382038141696,
          evidence: 'Matches “linen”',
        },
        {
          signal: 'deliveryAware',
          contribution: 0.26666666666666666,
          evidence: 'Delivers in 3 days',
        },
      ],
      source: 'ranked',
      metadata: {
        category: 'Bedding',
        price: 69.6,
        tags: ['bedding', 'scandinavian', 'sheet set'],
      },
    },
    {
      id: 'ACM-12438',
      title: 'Down Pillow',
      score: 3.100365,
      explanation: 'Picked for you! Rated 4.4 from 40 reviews, 1 person who viewed Turkish Cotton Bath Mat, as you did, also viewed this, and in stock (40). It may suit you.',
      reasons: [
        {
          signal: 'trustSafety',
          contribution: 0.7622398932655924,
          evidence: 'Rated 4.4 from 40 reviews',
        },
        {
          signal: 'viewingPatterns',
          contribution: 0.75,
          evidence: 'Viewed by 1 person who also viewed Turkish Cotton Bath Mat',
        },
        {
          signal: 'supplyDemand',
          contribution: 0.7,
          evidence: 'In stock (40)',
        },
        {
          signal: 'priceElasticity',
          contribution: 0.65,
          evidence: 'In the price range this shopper usually buys in (39.67–94.08)',
        },
        {
          signal: 'contentDiscovery',
          contribution: 0.47019192367939555,
          evidence: 'Matches “pillow”',
        },
        {
          signal: 'genreBased',
          contribution: 0.2333333333333333,
          evidence: 'In Farmhouse, the focus of 10 of 41 recent interactions',
        },
        {
          signal: 'deliveryAware',
          contribution: 0.08888888888888889,
          evidence: 'Delivers in 9 days',
        },
        {
          signal: 'intentDiversification',
          contribution: -0.5542891959403602,
          evidence: 'Placed lower for variety: 33 % alike with Linen Sheet Set above it',
        },
      ],
      source: 'ranked',
      metadata: {
        category: 'Bedding',
        price: 74.86,
        tags: ['bedding', 'farmhouse', 'pillow'],
      },
    },
    {
      id: 'ACM-11493',
      title: 'Sateen Pillow',
      score: 3.051141,
      explanation: 'Picked for you! Rated 4.3 from 327 reviews, matches your interest in Scandinavian (30 of your 41 interactions), and in stock (141).',
      reasons: [
        {
          signal: 'trustSafety',
          contribution: 0.7463855026067938,
          evidence: 'Rated 4.3 from 327 reviews',
        },
        {
          signal: 'genreBased',
          contribution: 0.7,
          evidence: 'In Scandinavian, the focus of 30 of 41 recent interactions',
        },
        {
          signal: 'supplyDemand',
          contribution: 0.7,
          evidence: 'In stock (141)',
        },
        {
          signal: 'priceElasticity',
          contribution: 0.65,
          evidence: 'In the price range this shopper usually buys in (39.67–94.08)',
        },
        {
          signal: 'twoSidedMatchmaking',
          contribution: 0.544,
          evidence: '100 % of the 2 people who engaged with it favour Scandinavian, like this shopper',
        },
        {
          signal: 'contentDiscovery',
          contribution: 0.47597839726061797,
          evidence: 'Matches “pillow”',
        },
        {
          signal: 'deliveryAware',
          contribution: 0.13333333333333333,
          evidence: 'Delivers in 6 days',
        },
        {
          signal: 'intentDiversification',
          contribution: -0.8985561205531694,
          evidence: 'Placed lower for variety: 50 % alike with Linen Sheet Set above it',
        },
      ],
      source: 'ranked',
      metadata: {
        category: 'Bedding',
        price: 54.74,
        tags: ['bedding', 'scandinavian', 'pillow', 'bestseller'],
      },
    },
  ],
  query: 'linen pillow',
  top_k: 3,
  total_results: 3,
  holdout: false,
  custom_attributes_received: {},
  request_id: '6f1c2d8e-3b1a-4b5e-9f10-2d3c4b5a6978',
};

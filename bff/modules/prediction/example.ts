/**
 * The Documentation tab's predict example for one company, made from its own data so that it runs
 * as shown: a query of an item's own title words, that item's category as a filter, and a value of
 * the right type for each of the company's custom attributes (the item's own value where it has
 * one). Each candidate is ranked on the company's snapshot with its current settings, and the first
 * that answers with items is the example.
 */
import type { EntityManager } from '@mikro-orm/core';
import type { CustomAttributeType, PredictRequest } from '@domain/prediction/contract';
import { CustomAttribute } from '../../entities';
import { rowsOf, type RawRow } from '../../platform/rawRows';
import { checkCustomAttributes, rankRequestOf, rankWith, validatePredictRequest } from './predict';
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

/** Whether the request, run as an integrator would, answers with at least one item. */
async function answersWithItems(em: EntityManager, companyId: string, snapshot: LoadedSnapshot, request: PredictRequest, now: number): Promise<boolean> {
  const valid = await validatePredictRequest(request);
  const attributeTypes = await checkCustomAttributes(() => em, companyId, valid.custom_attributes ?? {});
  const settings = await latestSettings(em, companyId);
  return rankWith(snapshot, settings, rankRequestOf(valid, attributeTypes, [], now), { holdout: false }).items.length > 0;
}

/**
 * The company's example; null when it has no item that makes one (the document's generic example
 * is shown then, with a word that the catalogue comes first).
 */
export async function predictExampleFor(em: EntityManager, companyId: string, snapshot: () => Promise<LoadedSnapshot>, now: number): Promise<PredictRequest | null> {
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
  if (!items.length) return null;
  const attributes = await em.find(CustomAttribute, { companyId }, { fields: ['name', 'type'], orderBy: { name: 'asc' } });
  const loaded = await snapshot();
  for (const item of items) {
    const request = requestFor(item, attributes);
    if (await answersWithItems(em, companyId, loaded, request, now)) return request;
  }
  return null;
}

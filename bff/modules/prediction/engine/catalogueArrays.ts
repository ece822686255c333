/**
 * The catalogue's own facts per item position: ids, texts, prices, stock, delivery, sellers and
 * labels (genres and categories in one vocabulary: lower-cased key, first spelling displayed).
 */
import { finiteOr, internId, offsetsFromCounts } from './arrays';
import { compareIds } from './hash';
import type { CatalogueItem } from './types';

/** One copy per id (the last one sent), sorted by id: an item's position is its tie-break order. */
export function dedupeItems(items: CatalogueItem[]): CatalogueItem[] {
  const byId = new Map<string, CatalogueItem>();
  for (const item of items) byId.set(item.id, item);
  return [...byId.values()].sort((left, right) => compareIds(left.id, right.id));
}

/** Keeps what filters and custom attributes may compare, minus the long texts held elsewhere. */
function filterableFields(item: CatalogueItem): Record<string, unknown> {
  const { description: _description, ...rest } = item.fields;
  return rest;
}

export type CatalogueArrays = ReturnType<typeof catalogueArraysOf>;

export function catalogueArraysOf(items: CatalogueItem[]) {
  const itemCount = items.length;
  const itemById = new Map<string, number>();
  items.forEach((item, index) => itemById.set(item.id, index));

  const price = new Float64Array(itemCount).fill(Number.NaN);
  const createdAt = new Float64Array(itemCount).fill(Number.NaN);
  const stock = new Float64Array(itemCount).fill(Number.NaN);
  const deliveryDays = new Float64Array(itemCount).fill(Number.NaN);
  const flagged = new Uint8Array(itemCount);
  const servable = new Uint8Array(itemCount);
  const sellerOf = new Int32Array(itemCount).fill(-1);
  const sellerById = new Map<string, number>();
  const sellerIds: string[] = [];
  const regions: string[][] = [];
  const labelByKey = new Map<string, number>();
  const labels: string[] = [];
  const itemLabelCounts = new Int32Array(itemCount);
  const itemLabelLists: number[][] = [];

  const internLabel = (label: string) => {
    const key = label.trim().toLowerCase();
    if (!key) return -1;
    let id = labelByKey.get(key);
    if (id === undefined) {
      id = labels.length;
      labelByKey.set(key, id);
      labels.push(label.trim());
    }
    return id;
  };

  items.forEach((item, index) => {
    price[index] = finiteOr(item.price, Number.NaN);
    createdAt[index] = finiteOr(item.createdAt, Number.NaN);
    stock[index] = finiteOr(item.stock, Number.NaN);
    deliveryDays[index] = finiteOr(item.deliveryDays, Number.NaN);
    flagged[index] = item.flagged ? 1 : 0;
    servable[index] = !item.flagged && item.available && item.stock !== 0 ? 1 : 0;
    if (item.sellerId) sellerOf[index] = internId(sellerById, sellerIds, item.sellerId);
    regions.push(item.regions.map((region) => region.trim().toLowerCase()).filter(Boolean));
    const ownLabels: number[] = [];
    for (const label of [...item.genres, ...(item.category ? [item.category] : [])]) {
      const id = internLabel(label);
      if (id >= 0 && !ownLabels.includes(id)) ownLabels.push(id);
    }
    itemLabelLists.push(ownLabels);
    itemLabelCounts[index] = ownLabels.length;
  });
  return {
    itemIds: items.map((item) => item.id),
    itemById,
    titles: items.map((item) => item.title),
    categories: items.map((item) => item.category),
    tags: items.map((item) => item.tags),
    tagKeys: items.map((item) => [...new Set(item.tags.map((tag) => tag.trim().toLowerCase()).filter(Boolean))]),
    fields: items.map(filterableFields),
    price,
    createdAt,
    flagged,
    servable,
    stock,
    deliveryDays,
    regions,
    sellerOf,
    sellerIds,
    labels,
    itemLabelOffsets: offsetsFromCounts(itemLabelCounts),
    itemLabels: Int32Array.from(itemLabelLists.flat()),
  };
}

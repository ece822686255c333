// Recommendation quality on real data: the default Discovery model against most-popular and
// item-kNN on the same split, in the same run. The protocol is the one a data scientist would run
// against the API: implicit feedback (MovieLens ratings of 4 or more as purchases, at their real
// times), people with at least 5 of them, each person's last one held out, the rest sent as events
// and every film as an item (its title, its genres as tags); then ten items for each person, no
// query. Scored: hit rate and NDCG at 10 and catalogue coverage (distinct items served / items).
//
// Data: MOVIELENS_DIR, a folder with MovieLens' ratings.csv and movies.csv (ml-latest-small:
// https://grouplens.org/datasets/movielens/latest/), or INTERACTIONS_CSV, a file of
// person,item,time rows (a header line; time in seconds or milliseconds since the epoch, or ISO
// 8601), every row a positive interaction. Without either the benchmark says so and is skipped.
//
// The engine runs in this process (no HTTP, no database): the figures are the ranking's alone.
//
//   MOVIELENS_DIR=~/data/ml-latest-small node bench/movielens.mjs
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { tsImport } from 'tsx/esm/api';
import { loadNow } from './report.mjs';

const TOP_K = 10;
const MIN_POSITIVES = 5;
const POSITIVE_RATING = 4;
const KNN_NEIGHBOURS = 50;
/** The default model must reach this share of item-kNN's NDCG@10 (and at least its hit rate). */
export const NDCG_MARGIN = 1.1;

/** Splits one CSV line, quotes honoured (MovieLens quotes titles with commas). */
function csvFields(line) {
  const fields = [];
  let field = '';
  let quoted = false;
  for (let position = 0; position < line.length; position++) {
    const char = line[position];
    if (quoted) {
      if (char === '"' && line[position + 1] === '"') {
        field += '"';
        position++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      fields.push(field);
      field = '';
    } else field += char;
  }
  fields.push(field);
  return fields;
}

const rowsOf = (path) =>
  readFileSync(path, 'utf8')
    .split(/\r?\n/)
    .slice(1)
    .filter((line) => line.trim())
    .map(csvFields);

function timeOf(text) {
  const number = Number(text);
  if (Number.isFinite(number)) return number < 1e11 ? number * 1000 : number;
  return Date.parse(text);
}

/** The positives and the catalogue: from MOVIELENS_DIR, INTERACTIONS_CSV, or null with the reason. */
export function loadData(env = process.env) {
  if (env.MOVIELENS_DIR) {
    const ratings = join(env.MOVIELENS_DIR, 'ratings.csv');
    const movies = join(env.MOVIELENS_DIR, 'movies.csv');
    if (!existsSync(ratings) || !existsSync(movies)) return { skip: `MOVIELENS_DIR=${env.MOVIELENS_DIR} has no ratings.csv and movies.csv` };
    // ratings.csv: userId,movieId,rating,timestamp; movies.csv: movieId,title,genres (a|b|c).
    const positives = rowsOf(ratings)
      .filter(([, , rating]) => Number(rating) >= POSITIVE_RATING)
      .map(([person, item, , time]) => ({ person, item, at: timeOf(time) }));
    const items = rowsOf(movies).map(([id, title, genres]) => ({ id, title, tags: genres && genres !== '(no genres listed)' ? genres.split('|') : [] }));
    return { name: `MovieLens (${env.MOVIELENS_DIR})`, positives, items };
  }
  if (env.INTERACTIONS_CSV) {
    if (!existsSync(env.INTERACTIONS_CSV)) return { skip: `INTERACTIONS_CSV=${env.INTERACTIONS_CSV} does not exist` };
    const positives = rowsOf(env.INTERACTIONS_CSV).map(([person, item, time]) => ({ person, item, at: timeOf(time) }));
    const ids = [...new Set(positives.map(({ item }) => item))];
    return { name: `interactions (${env.INTERACTIONS_CSV})`, positives, items: ids.map((id) => ({ id, title: id, tags: [] })) };
  }
  return { skip: 'no data: set MOVIELENS_DIR to a MovieLens folder (ratings.csv, movies.csv) or INTERACTIONS_CSV to a person,item,time file (bench/README.md)' };
}

const compare = (left, right) => (left < right ? -1 : left > right ? 1 : 0);

/** Each person's last positive (time, then item id) held out from those with MIN_POSITIVES or more. */
export function splitLastPositive(positives) {
  const byPerson = new Map();
  for (const positive of positives) {
    if (!Number.isFinite(positive.at)) continue;
    const list = byPerson.get(positive.person) ?? [];
    list.push(positive);
    byPerson.set(positive.person, list);
  }
  const train = [];
  const heldOut = new Map();
  for (const [person, list] of byPerson) {
    list.sort((left, right) => left.at - right.at || compare(left.item, right.item));
    if (list.length >= MIN_POSITIVES) heldOut.set(person, list.pop().item);
    train.push(...list);
  }
  return { train, heldOut };
}

/** Hit rate, NDCG and coverage of a recommender (person → ids) over the held-out people. */
export function score(recommend, heldOut, itemCount) {
  let hits = 0;
  let gain = 0;
  const served = new Set();
  for (const [person, target] of heldOut) {
    const ids = recommend(person).slice(0, TOP_K);
    for (const id of ids) served.add(id);
    const position = ids.indexOf(target);
    if (position >= 0) {
      hits++;
      gain += 1 / Math.log2(position + 2);
    }
  }
  return { hitRate: hits / heldOut.size, ndcg: gain / heldOut.size, coverage: served.size / itemCount };
}

/** Each person's training items. */
function seenOf(train) {
  const seen = new Map();
  for (const { person, item } of train) {
    if (!seen.has(person)) seen.set(person, new Set());
    seen.get(person).add(item);
  }
  return seen;
}

/** Most popular items the person has not had, ties by id. */
export function mostPopular(train) {
  const counts = new Map();
  for (const { item } of train) counts.set(item, (counts.get(item) ?? 0) + 1);
  const order = [...counts.keys()].sort((left, right) => counts.get(right) - counts.get(left) || compare(left, right));
  const seen = seenOf(train);
  return (person) => {
    const own = seen.get(person) ?? new Set();
    const ids = [];
    for (const id of order) {
      if (ids.length === TOP_K) break;
      if (!own.has(id)) ids.push(id);
    }
    return ids;
  };
}

/** Item-kNN: cosine over the people two items share, each item's k most similar, summed over the person's items. */
export function itemKnn(train, neighbours = KNN_NEIGHBOURS) {
  const seen = seenOf(train);
  const people = new Map();
  for (const [person, items] of seen) people.set(person, [...items]);
  const byItem = new Map();
  for (const [person, items] of people) for (const item of items) (byItem.get(item) ?? byItem.set(item, []).get(item)).push(person);
  const similar = new Map();
  for (const [item, owners] of byItem) {
    const together = new Map();
    for (const person of owners) for (const other of people.get(person)) if (other !== item) together.set(other, (together.get(other) ?? 0) + 1);
    const ranked = [...together]
      .map(([other, count]) => [other, count / Math.sqrt(owners.length * byItem.get(other).length)])
      .sort((left, right) => right[1] - left[1] || compare(left[0], right[0]))
      .slice(0, neighbours);
    similar.set(item, ranked);
  }
  const popular = mostPopular(train);
  return (person) => {
    const own = seen.get(person) ?? new Set();
    const scores = new Map();
    for (const item of own) for (const [other, value] of similar.get(item) ?? []) if (!own.has(other)) scores.set(other, (scores.get(other) ?? 0) + value);
    const ids = [...scores]
      .sort((left, right) => right[1] - left[1] || compare(left[0], right[0]))
      .slice(0, TOP_K)
      .map(([id]) => id);
    for (const id of popular(person)) if (ids.length < TOP_K && !ids.includes(id)) ids.push(id);
    return ids;
  };
}

/** The product's default model: the engine's index of the training events (as purchases) and rank with the default settings. */
export async function defaultModel(train, items, discovery) {
  const { buildIndex, rank } = await tsImport('../bff/modules/prediction/engine/index.ts', import.meta.url);
  const { DEFAULT_MODEL_SETTINGS } = await tsImport('../src/domain/models/settings.ts', import.meta.url);
  const settings = DEFAULT_MODEL_SETTINGS;
  const lastAt = train.reduce((latest, { at }) => Math.max(latest, at), 0);
  // The server's clock is long after the data: a year on, as a live server's would be.
  const now = lastAt + 365 * 86_400_000;
  const input = {
    items: items.map(({ id, title, tags }) => ({
      id,
      title,
      description: '',
      category: null,
      tags,
      genres: [],
      price: null,
      createdAt: null,
      available: true,
      stock: null,
      sellerId: null,
      rating: null,
      ratingCount: 0,
      flagged: false,
      deliveryDays: null,
      regions: [],
      fields: { title, tags },
    })),
    events: train.map(({ person, item, at }) => ({ userId: person, itemId: item, type: 'purchase', value: null, at })),
    impressions: {},
    now,
  };
  const builtAt = performance.now();
  const index = buildIndex(input);
  const buildMs = performance.now() - builtAt;
  const request = (userId) => ({
    query: '',
    topK: TOP_K,
    filters: {},
    userId,
    metadata: { user_id: userId },
    customAttributes: {},
    customAttributeTypes: {},
    recentEvents: [],
    consumedTypes: settings.consumedEventTypes,
    excludeItems: [],
    now,
  });
  return { recommend: (person) => rank(index, request(person), discovery ?? settings.discovery).map((item) => item.id), buildMs };
}

const percent = (value) => `${(value * 100).toFixed(1)} %`;

/** Runs the protocol; answers the figures, or null when there is no data. */
export async function runMovieLens(env = process.env) {
  const data = loadData(env);
  if (data.skip) return { skip: data.skip };
  const { train, heldOut } = splitLastPositive(data.positives);
  const itemIds = new Set(data.items.map(({ id }) => id));
  for (const { item } of data.positives) {
    if (itemIds.has(item)) continue;
    data.items.push({ id: item, title: item, tags: [] });
    itemIds.add(item);
  }
  const model = await defaultModel(train, data.items);
  const startedAt = performance.now();
  const rows = {
    'Navout, default settings': score(model.recommend, heldOut, data.items.length),
  };
  const rankMs = (performance.now() - startedAt) / heldOut.size;
  rows['most popular (not had)'] = score(mostPopular(train), heldOut, data.items.length);
  rows[`item-kNN, cosine, k = ${KNN_NEIGHBOURS}`] = score(itemKnn(train), heldOut, data.items.length);
  return { name: data.name, people: heldOut.size, events: train.length, items: data.items.length, rows, buildMs: model.buildMs, rankMs };
}

export async function printMovieLensBenchmark() {
  console.info('\nRecommendation quality: last positive held out, top 10, no query');
  const result = await runMovieLens();
  if (result.skip) {
    console.info(`  skipped: ${result.skip}`);
    return 0;
  }
  console.info(`  ${result.name}: ${result.people} people, ${result.events} training events, ${result.items} items; index built in ${(result.buildMs / 1000).toFixed(1)} s, ${result.rankMs.toFixed(2)} ms a person  [load ${loadNow().toFixed(2)}]`);
  console.info(`  ${'method'.padEnd(34)} ${'HR@10'.padStart(7)} ${'NDCG@10'.padStart(8)} ${'coverage'.padStart(9)}`);
  for (const [method, { hitRate, ndcg, coverage }] of Object.entries(result.rows)) {
    console.info(`  ${method.padEnd(34)} ${hitRate.toFixed(3).padStart(7)} ${ndcg.toFixed(3).padStart(8)} ${percent(coverage).padStart(9)}`);
  }
  const [model, , knn] = Object.values(result.rows);
  const wins = model.ndcg >= NDCG_MARGIN * knn.ndcg && model.hitRate >= knn.hitRate;
  console.info(`  target: NDCG@10 ≥ ${NDCG_MARGIN} × item-kNN's (${(NDCG_MARGIN * knn.ndcg).toFixed(3)}) and HR@10 ≥ item-kNN's (${knn.hitRate.toFixed(3)}): ${wins ? 'met' : 'MISSED'}`);
  return wins ? 0 : 1;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = await printMovieLensBenchmark();

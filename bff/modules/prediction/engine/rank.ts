/**
 * rank and baseline: candidates, hard filters, signals normalised over the candidates and weighted
 * by the Discovery levers, MMR re-ranking with a per-seller cap, and the popular fill-up.
 */
import type { DiscoveryLever } from '@domain/models/settings';
import { asEngineIndex, PRICE_BANDS, type EngineIndex } from './build';
import { COMFORTABLE_COVER_DAYS } from './serving';
import { eventTypeMask } from './events';
import { hardFilters } from './filters';
import { compareIds } from './hash';
import { SCORED_SIGNALS, TEXT_CACHE_SIZE, type CachedTextMatches, type Profile, type Scratch, type ScoredSignal, type TextMatches } from './rankState';
import { signalReader } from './signals';
import { queryTerms } from './text';
import type { Contribution, PredictionIndex, RankedItem, RankRequest } from './types';

/** Weight of the custom-attribute boost (it has no lever of its own). */
export const CUSTOM_ATTRIBUTE_WEIGHT = 0.5;
/** Popular fill-up items score popularity × min(this, the lowest ranked score), so they never outrank a ranked item. */
export const POPULARITY_FILL_WEIGHT = 0.1;
/** Best text matches taken as candidates. */
export const TEXT_CANDIDATES = 300;
/** A person's most recent distinct items whose neighbours become candidates. */
export const MAX_ANCHORS = 10;
/** The person's strongest labels whose popular items become candidates. */
export const TOP_PERSONAL_LABELS = 3;
/** Candidates taken from the most popular items (a small catalogue is thus wholly considered). */
export const POPULAR_CANDIDATES = 200;
export { COMFORTABLE_COVER_DAYS };
/** At 100 % diversification MMR weighs similarity 0.7 against relevance 0.3. */
const MAX_DIVERSITY = 0.7;
/** The share of its relevance an item keeps however much diversification lowers it. */
const MIN_KEPT = 0.05;
const MMR_POOL_MIN = 50;

function profileOf(index: EngineIndex, request: RankRequest): Profile {
  const user = request.userId === null ? undefined : index.userById.get(request.userId);
  const anchors: number[] = [];
  const labelCounts = new Map<number, number>();
  const bandCounts = new Float64Array(PRICE_BANDS);
  let interactions = 0;
  const addAnchor = (item: number) => {
    if (anchors.length < MAX_ANCHORS && !anchors.includes(item)) anchors.push(item);
  };
  const newer = request.recentEvents
    .map((event, position) => ({ item: index.itemById.get(event.itemId), at: event.at, position }))
    .filter((event): event is { item: number; at: number; position: number } => event.item !== undefined)
    .sort((left, right) => right.at - left.at || right.position - left.position);
  for (const { item } of newer) {
    addAnchor(item);
    interactions++;
    for (let slot = index.itemLabelOffsets[item]; slot < index.itemLabelOffsets[item + 1]; slot++) {
      const label = index.itemLabels[slot];
      labelCounts.set(label, (labelCounts.get(label) ?? 0) + 1);
    }
    if (index.priceBand[item] >= 0) bandCounts[index.priceBand[item]] += 1;
  }
  if (user !== undefined) {
    for (let slot = index.userRecentOffsets[user]; slot < index.userRecentOffsets[user + 1]; slot++) addAnchor(index.userRecentItems[slot]);
    interactions += index.userEventCount[user];
    for (let slot = index.userLabelOffsets[user]; slot < index.userLabelOffsets[user + 1]; slot++) {
      const label = index.userLabels[slot];
      labelCounts.set(label, (labelCounts.get(label) ?? 0) + index.userLabelCounts[slot]);
    }
    for (let band = 0; band < PRICE_BANDS; band++) bandCounts[band] += index.userBandCounts[user * PRICE_BANDS + band];
  }
  let favouriteLabel = -1;
  for (const [label, count] of labelCounts) {
    const best = favouriteLabel < 0 ? -1 : (labelCounts.get(favouriteLabel) ?? 0);
    if (count > best || (count === best && label < favouriteLabel)) favouriteLabel = label;
  }
  let favouriteBand = -1;
  let bandTotal = 0;
  for (let band = 0; band < PRICE_BANDS; band++) {
    bandTotal += bandCounts[band];
    if (bandCounts[band] > 0 && (favouriteBand < 0 || bandCounts[band] > bandCounts[favouriteBand])) favouriteBand = band;
  }
  return { anchors, labelCounts, interactions, bandCounts, bandTotal, favouriteLabel, favouriteBand };
}

const NO_TEXT: TextMatches = { best: new Int32Array(0), maxScore: 0, words: [], matched: new Uint32Array(0) };

/**
 * Keeps the `limit` best (score, then lower item) of a stream in a binary min-heap on the worst kept.
 * Swaps go through a local rather than `[a, b] = [b, a]`, whose array V8 does not always elide.
 */
function bestOf(items: ArrayLike<number>, count: number, score: Float64Array, limit: number): number[] {
  const heap: number[] = [];
  const worse = (left: number, right: number) => score[left] < score[right] || (score[left] === score[right] && left > right);
  const siftDown = (start: number) => {
    let parent = start;
    for (;;) {
      const left = parent * 2 + 1;
      const right = left + 1;
      let smallest = parent;
      if (left < heap.length && worse(heap[left], heap[smallest])) smallest = left;
      if (right < heap.length && worse(heap[right], heap[smallest])) smallest = right;
      if (smallest === parent) return;
      const moved = heap[parent];
      heap[parent] = heap[smallest];
      heap[smallest] = moved;
      parent = smallest;
    }
  };
  for (let slot = 0; slot < count; slot++) {
    const item = items[slot];
    if (heap.length < limit) {
      heap.push(item);
      for (let child = heap.length - 1; child > 0; ) {
        const parent = (child - 1) >> 1;
        if (!worse(heap[child], heap[parent])) break;
        const moved = heap[parent];
        heap[parent] = heap[child];
        heap[child] = moved;
        child = parent;
      }
      continue;
    }
    // Most of a common word's postings lose to the worst kept: rejected without a call.
    const value = score[item];
    const worst = score[heap[0]];
    if (value < worst || (value === worst && item > heap[0])) continue;
    heap[0] = item;
    siftDown(0);
  }
  return heap;
}

/**
 * BM25 over the query's postings, each posting's share precomputed with the snapshot (serving.ts).
 * The matches depend on the query's terms and words alone, so the last TEXT_CACHE_SIZE queries'
 * matches are kept with the index's scratch: a popular search is summed once per snapshot.
 */
function searchText(index: EngineIndex, scratch: Scratch, query: string): TextMatches {
  const terms = queryTerms(query)
    .map(({ term, word }) => ({ id: index.terms.get(term), word }))
    .filter((term): term is { id: number; word: string } => term.id !== undefined)
    .slice(0, 31);
  if (!terms.length) return NO_TEXT;
  const key = terms.map(({ id, word }) => `${id}:${word}`).join(' ');
  const { textCache, textScore } = scratch;
  let matches = textCache.get(key);
  if (matches) textCache.delete(key);
  else {
    matches = sumPostings(index, scratch, terms);
    if (textCache.size >= TEXT_CACHE_SIZE) textCache.delete(textCache.keys().next().value as string);
  }
  // Re-inserted last: the map's order is the least recently used first.
  textCache.set(key, matches);
  const { best, scores } = matches;
  for (let slot = 0; slot < best.length; slot++) textScore[best[slot]] = scores[slot];
  return matches;
}

function sumPostings(index: EngineIndex, scratch: Scratch, terms: Array<{ id: number; word: string }>): CachedTextMatches {
  const { score, matchedTerms, touched } = scratch;
  const { postingOffsets, postingItems, postingScores } = index;
  let touchedCount = 0;
  for (let position = 0; position < terms.length; position++) {
    const id = terms[position].id;
    const bit = 1 << position;
    for (let slot = postingOffsets[id]; slot < postingOffsets[id + 1]; slot++) {
      const item = postingItems[slot];
      if (matchedTerms[item] === 0) touched[touchedCount++] = item;
      score[item] += postingScores[slot];
      matchedTerms[item] |= bit;
    }
  }
  const best = Int32Array.from(bestOf(touched, touchedCount, score, TEXT_CANDIDATES));
  const scores = new Float64Array(best.length);
  const matched = new Uint32Array(best.length);
  let maxScore = 0;
  best.forEach((item, slot) => {
    scores[slot] = score[item];
    matched[slot] = matchedTerms[item];
    maxScore = Math.max(maxScore, score[item]);
  });
  // Only the touched entries are non-zero: clearing them readies the buffers for the next query.
  for (let slot = 0; slot < touchedCount; slot++) {
    score[touched[slot]] = 0;
    matchedTerms[touched[slot]] = 0;
  }
  return { best, scores, maxScore, words: terms.map(({ word }) => word), matched };
}

const scratches = new WeakMap<EngineIndex, Scratch>();
function scratchOf(index: EngineIndex): Scratch {
  let scratch = scratches.get(index);
  if (!scratch) {
    scratch = {
      score: new Float64Array(index.itemCount),
      matchedTerms: new Uint32Array(index.itemCount),
      touched: new Int32Array(index.itemCount),
      textScore: new Float64Array(index.itemCount),
      anchorTag: new Uint8Array(index.tagCount),
      labelCount: new Float64Array(index.labels.length),
      viewedTotal: new Float64Array(index.itemCount),
      viewedBest: new Int32Array(index.itemCount),
      viewedBestCount: new Float64Array(index.itemCount),
      viewedBestWeight: new Float64Array(index.itemCount),
      verdict: new Uint8Array(index.itemCount),
      excluded: new Uint8Array(index.itemCount),
      columns: [],
      textCache: new Map(),
    };
    scratches.set(index, scratch);
  }
  return scratch;
}

/**
 * The scratch's `position`th column of per-candidate numbers, zeroed, as a view of `length`. The
 * buffers grow to the most candidates seen: arrays that size, made for every signal of every call,
 * were a sixth of a call's garbage (each with its own off-heap store to free).
 */
function columnOf(scratch: Scratch, position: number, length: number): Float64Array {
  let buffer = scratch.columns[position];
  if (!buffer || buffer.length < length) {
    buffer = new Float64Array(Math.max(length, buffer ? buffer.length * 2 : 1024));
    scratch.columns[position] = buffer;
  }
  const column = buffer.subarray(0, length);
  column.fill(0);
  return column;
}

/** Zeroes what one request set in the scratch (searchText clears its own sums). */
function clearScratch(index: EngineIndex, scratch: Scratch, text: TextMatches, profile: Profile): void {
  for (const item of text.best) scratch.textScore[item] = 0;
  for (const anchor of profile.anchors) {
    for (let slot = index.itemTagOffsets[anchor]; slot < index.itemTagOffsets[anchor + 1]; slot++) scratch.anchorTag[index.itemTagIds[slot]] = 0;
    for (let slot = index.neighbourOffsets[anchor]; slot < index.neighbourOffsets[anchor + 1]; slot++) {
      const item = index.neighbourItems[slot];
      scratch.viewedTotal[item] = 0;
      scratch.viewedBestCount[item] = 0;
      scratch.viewedBestWeight[item] = 0;
    }
  }
  for (const label of profile.labelCounts.keys()) scratch.labelCount[label] = 0;
}

/**
 * A query is the person's stated intent: while text relevance counts (contentDiscovery above 0) and
 * enough items match it, only those are ranked, and the other levers order them. With too few
 * matches, or with text relevance turned off, the usual candidates join (or replace) them.
 */
function gatherCandidates(index: EngineIndex, scratch: Scratch, request: RankRequest, passes: (item: number) => boolean, profile: Profile, text: TextMatches, queryLeads: boolean): Int32Array {
  // Each item's verdict is kept in the scratch (1 taken, 2 filtered out), so none is checked twice.
  const { verdict, touched } = scratch;
  let checked = 0;
  let taken = 0;
  const add = (item: number) => {
    if (verdict[item] !== 0) return;
    touched[checked++] = item;
    if (passes(item)) {
      verdict[item] = 1;
      taken++;
    } else verdict[item] = 2;
  };
  const collect = () => {
    const chosen = new Int32Array(taken);
    let slot = 0;
    for (let position = 0; position < checked; position++) {
      const item = touched[position];
      if (verdict[item] === 1) chosen[slot++] = item;
      verdict[item] = 0;
    }
    return chosen.sort();
  };
  for (const item of text.best) add(item);
  if (queryLeads && taken >= request.topK) return collect();
  for (const anchor of profile.anchors) {
    for (let slot = index.neighbourOffsets[anchor]; slot < index.neighbourOffsets[anchor + 1]; slot++) add(index.neighbourItems[slot]);
  }
  for (const item of index.trendingOrder) add(item);
  for (const item of index.newestOrder) add(item);
  const personalLabels = [...profile.labelCounts].sort((left, right) => right[1] - left[1] || left[0] - right[0]).slice(0, TOP_PERSONAL_LABELS);
  for (const [label] of personalLabels) {
    for (let slot = index.labelTopOffsets[label]; slot < index.labelTopOffsets[label + 1]; slot++) add(index.labelTopItems[slot]);
  }
  const popular = Math.min(POPULAR_CANDIDATES, index.popularOrder.length);
  for (let slot = 0; slot < popular; slot++) add(index.popularOrder[slot]);
  return collect();
}

/**
 * The larger first. Comparators return -1, 0 or 1 rather than a difference: a difference of two
 * doubles is a new heap number for every comparison the sort makes.
 */
function descending(left: number, right: number): number {
  return left > right ? -1 : left < right ? 1 : 0;
}

function compareContributions(left: Contribution, right: Contribution): number {
  return descending(left.value, right.value) || compareIds(left.signal, right.signal);
}

/** Sums in the listed order, so the score equals the sum of the contributions as served. */
function sumOf(contributions: Contribution[]): number {
  let total = 0;
  for (const contribution of contributions) total += contribution.value;
  return total;
}

/** A candidate in the running: its item, its score and its slot among the candidates. */
interface Scored {
  item: number;
  score: number;
  slot: number;
}

/** A pick of the answer: its relevance, and what diversification took off it (0 when nothing) for resembling `like`. */
interface Picked extends Scored {
  penalty: number;
  like: number;
  similarity: number;
}

interface Answered {
  item: number;
  relevance: number;
  contributions: Contribution[];
}

function toRankedItem(index: EngineIndex, { item, relevance, contributions }: Answered, source: RankedItem['source']): RankedItem {
  return {
    id: index.itemIds[item],
    title: index.titles[item],
    score: sumOf(contributions),
    relevance,
    contributions,
    source,
    category: index.categories[item],
    price: Number.isNaN(index.price[item]) ? null : index.price[item],
    tags: index.tags[item],
  };
}

/** At most this many items per seller in one answer; no cap at 0 %, one per seller at 100 %. */
export function sellerCap(fairExposure: number, topK: number): number {
  if (fairExposure <= 0) return Number.POSITIVE_INFINITY;
  return Math.max(1, Math.ceil(topK * (1 - fairExposure / 100)));
}

/**
 * Jaccard similarity of two items' category and tags: what MMR treats as "the same intent". The
 * features are distinct ids sorted with the snapshot (serving.ts), so the shared ones are a merge.
 */
function jaccard(index: EngineIndex, left: number, right: number): number {
  const { itemFeatureOffsets: offsets, itemFeatures: features } = index;
  const leftEnd = offsets[left + 1];
  const rightEnd = offsets[right + 1];
  const leftSize = leftEnd - offsets[left];
  const rightSize = rightEnd - offsets[right];
  if (!leftSize || !rightSize) return 0;
  let shared = 0;
  for (let one = offsets[left], other = offsets[right]; one < leftEnd && other < rightEnd; ) {
    if (features[one] === features[other]) {
      shared++;
      one++;
      other++;
    } else if (features[one] < features[other]) one++;
    else other++;
  }
  return shared / (leftSize + rightSize - shared);
}

/** The largest x with score - x ≤ ceiling (x ≥ 0): what keeps an item below the one above it. */
function penaltyBelow(score: number, ceiling: number): number {
  if (score <= ceiling) return 0;
  let penalty = score - ceiling;
  // Floating point may leave score - (score - ceiling) a hair above the ceiling.
  while (score - penalty > ceiling) penalty += Math.max(Number.EPSILON * score, Number.MIN_VALUE);
  return penalty;
}

/**
 * Maximal marginal relevance, in the score's own units: each pick maximises
 * score − (δ / (1 − δ)) × best score × (similarity to the closest pick so far), δ = 0.7 ×
 * intentDiversification (the classic λ·score/best − (1 − λ)·similarity with λ = 1 − δ, scaled by
 * best / λ), and is served with that value: its relevance minus the penalty. The penalty never takes
 * an item below MIN_KEPT of its relevance, so served scores stay positive. A penalty only grows as
 * picks are added and the best is taken first, so the served scores never rise down the list.
 * Sellers over their cap are skipped.
 */
function selectDiverse(index: EngineIndex, ranked: Scored[], topK: number, diversification: number, cap: number): Picked[] {
  const share = MAX_DIVERSITY * (diversification / 100);
  const perSeller = new Map<number, number>();
  const chosen: Picked[] = [];
  const allowed = (item: number) => {
    const seller = index.sellerOf[item];
    return seller < 0 || (perSeller.get(seller) ?? 0) < cap;
  };
  const take = (entry: Picked) => {
    chosen.push(entry);
    const seller = index.sellerOf[entry.item];
    if (seller >= 0) perSeller.set(seller, (perSeller.get(seller) ?? 0) + 1);
  };
  let next = 0;
  if (share > 0 && ranked.length) {
    const pool = ranked.slice(0, Math.max(MMR_POOL_MIN, topK * 4));
    next = pool.length;
    const unit = (share / (1 - share)) * pool[0].score;
    const penaltyOf = (slot: number) => Math.min(unit * closest[slot], (1 - MIN_KEPT) * pool[slot].score);
    const closest = new Float64Array(pool.length);
    const closestPick = new Int32Array(pool.length).fill(-1);
    const taken = new Uint8Array(pool.length);
    while (chosen.length < topK) {
      let pick = -1;
      let pickValue = Number.NEGATIVE_INFINITY;
      for (let slot = 0; slot < pool.length; slot++) {
        if (taken[slot] || !allowed(pool[slot].item)) continue;
        const value = pool[slot].score - penaltyOf(slot);
        // Pool order is score then id, so the first of equal values wins the tie.
        if (value > pickValue) {
          pick = slot;
          pickValue = value;
        }
      }
      if (pick < 0) break;
      taken[pick] = 1;
      const entry = pool[pick];
      take({ ...entry, penalty: penaltyOf(pick), like: closestPick[pick], similarity: closest[pick] });
      for (let slot = 0; slot < pool.length; slot++) {
        if (taken[slot]) continue;
        const similarity = jaccard(index, entry.item, pool[slot].item);
        if (similarity > closest[slot]) {
          closest[slot] = similarity;
          closestPick[slot] = entry.item;
        }
      }
    }
  }
  for (; next < ranked.length && chosen.length < topK; next++) {
    if (!allowed(ranked[next].item)) continue;
    // Past the diversified pool (sellers' caps used it up): kept below the last pick.
    const last = chosen.at(-1);
    const penalty = last ? penaltyBelow(ranked[next].score, last.score - last.penalty) : 0;
    take({ ...ranked[next], penalty, like: penalty > 0 ? last!.item : -1, similarity: 0 });
  }
  return chosen;
}

function popularityFacts(index: EngineIndex, item: number): Record<string, number> {
  return { interactions: index.popularity[item] };
}

/** The pick above an item lowered for variety, and how alike the two are. */
function diversityFacts(index: EngineIndex, like: number, similarity: number): Record<string, string | number> {
  if (like < 0) return {};
  return { likeTitle: index.titles[like], likeId: index.itemIds[like], similarityPercent: Math.round(similarity * 100) };
}

/**
 * Marks in the scratch what this request must not serve: the items the person had an event of a
 * consuming type with (in the snapshot, or newer), and the request's own exclusions. Answers the
 * marked items, for unmarking.
 */
function markExcluded(index: EngineIndex, scratch: Scratch, request: RankRequest): number[] {
  const { excluded } = scratch;
  const marked: number[] = [];
  const mark = (item: number | undefined) => {
    if (item === undefined || excluded[item]) return;
    excluded[item] = 1;
    marked.push(item);
  };
  const consumed = eventTypeMask(request.consumedTypes ?? []);
  if (consumed) {
    const user = request.userId === null ? undefined : index.userById.get(request.userId);
    if (user !== undefined) {
      for (let slot = index.userSeenOffsets[user]; slot < index.userSeenOffsets[user + 1]; slot++) if (index.userSeenTypes[slot] & consumed) mark(index.userSeenItems[slot]);
    }
    for (const event of request.recentEvents) if (eventTypeMask([event.type]) & consumed) mark(index.itemById.get(event.itemId));
  }
  for (const id of request.excludeItems ?? []) mark(index.itemById.get(id));
  return marked;
}

/** The hard filters with the request's exclusions: nothing excluded is ranked, filled in or served by the baseline. */
function servableFor(index: EngineIndex, scratch: Scratch, request: RankRequest, marked: number[]): (item: number) => boolean {
  const passes = hardFilters(index, request.filters);
  if (!marked.length) return passes;
  const { excluded } = scratch;
  return (item) => excluded[item] === 0 && passes(item);
}

function unmark(scratch: Scratch, marked: number[]): void {
  for (const item of marked) scratch.excluded[item] = 0;
}

export function rank(prediction: PredictionIndex, request: RankRequest, discovery: Record<DiscoveryLever, number>): RankedItem[] {
  const index = asEngineIndex(prediction);
  const topK = Math.max(0, Math.floor(request.topK));
  if (!topK || !index.itemCount) return [];
  const profile = profileOf(index, request);
  const scratch = scratchOf(index);
  const text = request.query.trim() ? searchText(index, scratch, request.query) : NO_TEXT;
  const marked = markExcluded(index, scratch, request);
  try {
    return rankCandidates(index, scratch, request, discovery, profile, text, topK, servableFor(index, scratch, request, marked));
  } finally {
    unmark(scratch, marked);
    clearScratch(index, scratch, text, profile);
  }
}

/** Scores the request's candidates, re-ranks the best with MMR and fills up from popular items. */
function rankCandidates(
  index: EngineIndex,
  scratch: Scratch,
  request: RankRequest,
  discovery: Record<DiscoveryLever, number>,
  profile: Profile,
  text: TextMatches,
  topK: number,
  passes: (item: number) => boolean,
): RankedItem[] {
  const candidates = gatherCandidates(index, scratch, request, passes, profile, text, (discovery.contentDiscovery ?? 0) > 0);
  const signals = signalReader(index, scratch, request, profile, text);

  const weights = new Map<ScoredSignal, number>();
  for (const signal of SCORED_SIGNALS) {
    const weight = signal === 'customAttributes' ? (signals.attributeCount ? CUSTOM_ATTRIBUTE_WEIGHT : 0) : Math.max(0, discovery[signal] ?? 0) / 100;
    if (weight > 0) weights.set(signal, weight);
  }
  // Each signal is divided by its largest value among the candidates: 0..1, where 1 is the best candidate.
  const raw = new Map<ScoredSignal, Float64Array>();
  let columnsUsed = 0;
  for (const signal of weights.keys()) {
    const values = columnOf(scratch, columnsUsed, candidates.length);
    signals.value[signal](candidates, values);
    let max = 0;
    for (let slot = 0; slot < values.length; slot++) {
      const value = values[slot];
      values[slot] = value > 0 && Number.isFinite(value) ? value : 0;
      if (values[slot] > max) max = values[slot];
    }
    if (max > 0) {
      for (let slot = 0; slot < values.length; slot++) values[slot] /= max;
      raw.set(signal, values);
      columnsUsed++;
    }
  }
  // Every candidate is ordered by a plain sum first; its contributions (objects, sorted) are made only
  // for the best, which is all the answer draws from unless sellers' caps use them up (then all).
  const quick = columnOf(scratch, columnsUsed, candidates.length);
  for (const [signal, values] of raw) {
    const weight = weights.get(signal) ?? 0;
    for (let slot = 0; slot < values.length; slot++) quick[slot] += weight * values[slot];
  }
  const positive: number[] = [];
  for (let slot = 0; slot < candidates.length; slot++) if (quick[slot] > 0) positive.push(slot);
  // Candidates are in item order, so the lower slot is the lower item on equal sums.
  const byQuickSum = (left: number, right: number) => descending(quick[left], quick[right]) || left - right;
  const scoredSignals = [...raw.keys()];
  const columns = scoredSignals.map((signal) => raw.get(signal) as Float64Array);
  const columnWeights = scoredSignals.map((signal) => weights.get(signal) ?? 0);
  const parts = new Float64Array(scoredSignals.length);
  /**
   * A slot's score: its weighted values added largest first, the order its contributions are listed
   * in (equal values give the same sum in either order), so it equals their sum as served without
   * making them. They are made only for the items served (below): most candidates are dropped.
   */
  const scoreOf = (slot: number) => {
    let count = 0;
    for (let column = 0; column < columns.length; column++) {
      const value = columnWeights[column] * columns[column][slot];
      if (!(value > 0)) continue;
      let position = count++;
      for (; position > 0 && parts[position - 1] < value; position--) parts[position] = parts[position - 1];
      parts[position] = value;
    }
    let total = 0;
    for (let position = 0; position < count; position++) total += parts[position];
    return total;
  };
  const contributionsOf = (slot: number, item: number): Contribution[] => {
    const contributions: Contribution[] = [];
    for (let column = 0; column < columns.length; column++) {
      const value = columnWeights[column] * columns[column][slot];
      const signal = scoredSignals[column];
      if (value > 0) contributions.push({ signal, value, evidence: signals.evidence[signal](item) });
    }
    return contributions.sort(compareContributions);
  };
  const scoredOf = (slots: number[]): Scored[] =>
    slots.map((slot) => ({ item: candidates[slot], score: scoreOf(slot), slot })).sort((left, right) => descending(left.score, right.score) || left.item - right.item);

  const cap = sellerCap(discovery.fairExposure ?? 0, topK);
  const diversification = Math.min(100, Math.max(0, discovery.intentDiversification ?? 0));
  const scoredFirst = Math.max(MMR_POOL_MIN, topK * 4) * 2;
  // The best first, found without ordering the rest; all of them only when sellers' caps need more.
  let chosen = selectDiverse(index, scoredOf(bestOf(positive, positive.length, quick, scoredFirst).sort(byQuickSum)), topK, diversification, cap);
  if (chosen.length < topK && positive.length > scoredFirst) chosen = selectDiverse(index, scoredOf(positive.sort(byQuickSum)), topK, diversification, cap);
  const answer = chosen.map(({ item, score, slot, penalty, like, similarity }) => {
    const contributions = contributionsOf(slot, item);
    if (penalty > 0) contributions.push({ signal: 'intentDiversification', value: -penalty, evidence: diversityFacts(index, like, similarity) });
    return toRankedItem(index, { item, relevance: score, contributions }, 'ranked');
  });
  if (answer.length < topK) {
    const fillWeight = Math.min(POPULARITY_FILL_WEIGHT, ...answer.map((entry) => entry.score));
    answer.push(...fillFromPopular(index, passes, topK - answer.length, new Set(chosen.map((entry) => entry.item)), fillWeight, cap, chosen));
  }
  return answer;
}

function fillFromPopular(index: EngineIndex, passes: (item: number) => boolean, needed: number, taken: Set<number>, weight: number, cap: number, chosen: Picked[]): RankedItem[] {
  const perSeller = new Map<number, number>();
  for (const { item } of chosen) {
    const seller = index.sellerOf[item];
    if (seller >= 0) perSeller.set(seller, (perSeller.get(seller) ?? 0) + 1);
  }
  const mostPopular = index.popularOrder.length ? index.popularity[index.popularOrder[0]] : 0;
  const filled: RankedItem[] = [];
  for (const item of index.popularOrder) {
    if (filled.length >= needed) break;
    if (taken.has(item) || !passes(item)) continue;
    const seller = index.sellerOf[item];
    if (seller >= 0 && (perSeller.get(seller) ?? 0) >= cap) continue;
    if (seller >= 0) perSeller.set(seller, (perSeller.get(seller) ?? 0) + 1);
    const value = mostPopular > 0 ? (weight * index.popularity[item]) / mostPopular : 0;
    const contributions: Contribution[] = value > 0 ? [{ signal: 'popularity', value, evidence: popularityFacts(index, item) }] : [];
    filled.push(toRankedItem(index, { item, relevance: sumOf(contributions), contributions }, 'popular'));
  }
  return filled;
}

/** The holdout's answer: the most popular items that pass the same hard filters, scored popularity / most popular. */
export function baseline(prediction: PredictionIndex, request: RankRequest): RankedItem[] {
  const index = asEngineIndex(prediction);
  const topK = Math.max(0, Math.floor(request.topK));
  const mostPopular = index.popularOrder.length ? index.popularity[index.popularOrder[0]] : 0;
  const scratch = scratchOf(index);
  const marked = markExcluded(index, scratch, request);
  try {
    const passes = servableFor(index, scratch, request, marked);
    const answer: RankedItem[] = [];
    for (const item of index.popularOrder) {
      if (answer.length >= topK) break;
      if (!passes(item)) continue;
      const value = mostPopular > 0 ? index.popularity[item] / mostPopular : 0;
      const contributions: Contribution[] = value > 0 ? [{ signal: 'popularity', value, evidence: popularityFacts(index, item) }] : [];
      answer.push(toRankedItem(index, { item, relevance: sumOf(contributions), contributions }, 'baseline'));
    }
    return answer;
  } finally {
    unmark(scratch, marked);
  }
}

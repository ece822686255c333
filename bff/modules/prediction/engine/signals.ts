/**
 * The raw signal values of one request and their evidence, one family of signals per function.
 * Each function runs once per request and returns what rank calls for the candidates (value: each
 * candidate's raw value written into an array) and per served item (evidence); values are
 * normalised by the caller.
 */
import { AUDIENCE_LABELS_PER_ITEM, DAY_MS, DEMAND_WINDOW_DAYS, NEW_WINDOW_MS, PRICE_BANDS, type EngineIndex } from './build';
import { attributeMatch, itemField } from './filters';
import {
  AUDIENCE_BANDS,
  AUDIENCE_LABELS,
  AUDIENCE_SIZE,
  DELIVERY_SPEED,
  ITEM_ROW_LENGTH as ROW,
  LABELS_END,
  LABELS_START,
  LOW_EXPOSURE,
  PRICE_BAND,
  SELLER_DEBT,
  SELLER_FIRST_SEEN,
  SUPPLY,
  TAGS_END,
  TAGS_START,
  TREND,
  TRUST,
} from './itemRows';
import { wordsMatched, type Profile, type Scratch, type ScoredSignal, type TextMatches } from './rankState';
import type { RankRequest } from './types';

/** The weight of a person's n-th most recent item among their anchors is ANCHOR_DECAY^n. */
export const ANCHOR_DECAY = 0.9;
/** Audiences are shrunk towards zero by this many people, so one shared fan is no evidence. */
const AUDIENCE_SHRINKAGE = 3;
/** The share of tag similarity in content discovery, next to text relevance. */
const TAG_SIMILARITY_SHARE = 0.5;

/**
 * Writes each candidate's raw value of one signal into `out`. Each signal has its own loop, so the
 * per-item function it calls is always the same one there (a loop shared by every signal calls ten
 * different functions from one place, which V8 can neither inline nor predict).
 */
export type ValueFill = (candidates: Int32Array, out: Float64Array) => void;
type Facts = Record<string, string | number>;
type EvidenceReader = (item: number) => Facts;

/** The readers of some signals: what each family function returns. */
interface SignalFamily<S extends ScoredSignal> {
  value: Record<S, ValueFill>;
  evidence: Record<S, EvidenceReader>;
}

const lowerTags = (index: EngineIndex, item: number) => index.tagKeys[item];

/** The value of a signal precomputed per item with the snapshot, read from the item's row (itemRows.ts). */
const fromRow =
  (rows: Float64Array, field: number): ValueFill =>
  (candidates, out) => {
    for (let slot = 0; slot < candidates.length; slot++) out[slot] = rows[candidates[slot] * ROW + field];
  };

const round = (value: number, digits = 1) => {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
};

function formatAttribute(value: unknown): string {
  if (Array.isArray(value)) return value.map(formatAttribute).join(', ');
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

/** Text relevance and tag similarity with the person's anchors; marks the anchors' tags in the scratch (cleared by rank). */
function contentSignals(index: EngineIndex, scratch: Scratch, request: RankRequest, profile: Profile, text: TextMatches, anchorSet: Set<number>): SignalFamily<'contentDiscovery'> {
  const maxText = text.maxScore;
  const { textScore, anchorTag } = scratch;
  const anchorTags = new Set<string>();
  for (const anchor of profile.anchors) for (const tag of lowerTags(index, anchor)) anchorTags.add(tag);
  // The same tags as ids, marked in the scratch (cleared by rank): similarity compares integers.
  for (const anchor of profile.anchors) {
    for (let slot = index.itemTagOffsets[anchor]; slot < index.itemTagOffsets[anchor + 1]; slot++) anchorTag[index.itemTagIds[slot]] = 1;
  }
  const query = request.query.trim();
  const sharedTags = (item: number) => (anchorSet.has(item) ? [] : lowerTags(index, item).filter((tag) => anchorTags.has(tag)));
  const { itemRows } = index;
  const tagSimilarity = (item: number) => {
    if (!anchorTags.size || anchorSet.has(item)) return 0;
    const start = itemRows[item * ROW + TAGS_START];
    const end = itemRows[item * ROW + TAGS_END];
    if (end === start) return 0;
    let shared = 0;
    for (let slot = start; slot < end; slot++) shared += anchorTag[index.itemTagIds[slot]];
    return shared / (end - start + anchorTags.size - shared);
  };
  return {
    value: {
      contentDiscovery: (candidates, out) => {
        for (let slot = 0; slot < candidates.length; slot++) {
          const item = candidates[slot];
          out[slot] = (maxText > 0 ? textScore[item] / maxText : 0) + TAG_SIMILARITY_SHARE * tagSimilarity(item);
        }
      },
    },
    evidence: {
      contentDiscovery: (item) => {
        const facts: Facts = {};
        const words = wordsMatched(text, item);
        if (query && words.length) {
          facts.query = query;
          facts.matched = words.join(' ');
        }
        const shared = sharedTags(item);
        if (shared.length) facts.sharedTags = shared.join(', ');
        return facts;
      },
    },
  };
}

/**
 * Co-occurrence with the anchors, summed per candidate; the strongest anchor (newest on ties) is the evidence.
 * The person's own recent items are where they come from, not where to send them. The sums are
 * kept in the scratch by item (cleared by rank): a map of objects here was a tenth of a call's garbage.
 */
function viewingSignals(index: EngineIndex, scratch: Scratch, profile: Profile, anchorSet: Set<number>): SignalFamily<'viewingPatterns'> {
  const { viewedTotal, viewedBest, viewedBestCount, viewedBestWeight } = scratch;
  profile.anchors.forEach((anchor, position) => {
    // Newer anchors say more about what comes next: each step back in the person's history weighs less.
    const recency = Math.pow(ANCHOR_DECAY, position);
    for (let slot = index.neighbourOffsets[anchor]; slot < index.neighbourOffsets[anchor + 1]; slot++) {
      const item = index.neighbourItems[slot];
      if (anchorSet.has(item)) continue;
      const weight = recency * index.neighbourWeights[slot];
      viewedTotal[item] += weight;
      if (weight > viewedBestWeight[item]) {
        viewedBest[item] = anchor;
        viewedBestCount[item] = index.neighbourCounts[slot];
        viewedBestWeight[item] = weight;
      }
    }
  });
  return {
    value: {
      viewingPatterns: (candidates, out) => {
        for (let slot = 0; slot < candidates.length; slot++) out[slot] = viewedTotal[candidates[slot]];
      },
    },
    evidence: {
      viewingPatterns: (item) => {
        const best = viewedBestCount[item] > 0 ? viewedBest[item] : -1;
        return { viewers: viewedBestCount[item], anchorTitle: index.titles[best], anchorId: index.itemIds[best] };
      },
    },
  };
}

/** The person's taste: their interactions per label (set in the scratch, cleared by rank) and per price band. */
function tasteSignals(index: EngineIndex, scratch: Scratch, profile: Profile): SignalFamily<'genreBased' | 'priceElasticity'> {
  const { labelCount } = scratch;
  for (const [label, count] of profile.labelCounts) labelCount[label] = count;
  const strongestLabel = (item: number) => {
    let best = -1;
    let bestCount = 0;
    for (let slot = index.itemLabelOffsets[item]; slot < index.itemLabelOffsets[item + 1]; slot++) {
      const label = index.itemLabels[slot];
      const count = labelCount[label];
      if (count > bestCount || (count === bestCount && count > 0 && label < best)) {
        best = label;
        bestCount = count;
      }
    }
    return { best, bestCount };
  };
  return {
    value: {
      genreBased: (candidates, out) => {
        const { interactions } = profile;
        const { itemRows, itemLabels } = index;
        for (let slot = 0; slot < candidates.length; slot++) {
          const row = candidates[slot] * ROW;
          // strongestLabel's count without its object: the largest count among the item's labels.
          let strongest = 0;
          for (let label = itemRows[row + LABELS_START]; label < itemRows[row + LABELS_END]; label++) strongest = Math.max(strongest, labelCount[itemLabels[label]]);
          out[slot] = interactions > 0 ? strongest / interactions : 0;
        }
      },
      priceElasticity: (candidates, out) => {
        const { bandCounts, bandTotal } = profile;
        const { itemRows } = index;
        for (let slot = 0; slot < candidates.length; slot++) {
          const band = itemRows[candidates[slot] * ROW + PRICE_BAND];
          out[slot] = band >= 0 && bandTotal > 0 ? bandCounts[band] / bandTotal : 0;
        }
      },
    },
    evidence: {
      genreBased: (item) => {
        const { best, bestCount } = strongestLabel(item);
        return { genre: index.labels[best], interactions: bestCount, of: profile.interactions };
      },
      priceElasticity: (item) => {
        const band = index.priceBand[item];
        return {
          low: index.priceBandBounds[band * 2],
          high: index.priceBandBounds[band * 2 + 1],
          sharePercent: Math.round((profile.bandCounts[band] / profile.bandTotal) * 100),
        };
      },
    },
  };
}

/** Signals that depend on the item alone: their values are the arrays precomputed with the snapshot. */
function itemSignals(index: EngineIndex): SignalFamily<'trendingContent' | 'trustSafety' | 'supplyDemand'> {
  const coverDays = (item: number) => index.stock[item] / Math.max(index.demandPerDay[item], 1 / DEMAND_WINDOW_DAYS);
  return {
    value: { trendingContent: fromRow(index.itemRows, TREND), trustSafety: fromRow(index.itemRows, TRUST), supplyDemand: fromRow(index.itemRows, SUPPLY) },
    evidence: {
      trendingContent: (item) => {
        const previous = index.previousDailyAverage[item];
        const facts: Facts = { last24h: index.last24h[item], previousDailyAverage: round(previous) };
        if (previous > 0) facts.ratio = round(index.last24h[item] / previous);
        return facts;
      },
      trustSafety: (item) => ({ rating: round(index.ratingMean[item]), reviews: index.ratingCount[item] }),
      supplyDemand: (item) => ({ stock: index.stock[item], coverDays: Math.round(Math.min(coverDays(item), 999)) }),
    },
  };
}

/** Sellers short of their fair share of impressions, and new sellers and little-seen items. */
function sellerSignals(index: EngineIndex, request: RankRequest): SignalFamily<'fairExposure' | 'coldStartSellers'> {
  const { itemRows } = index;
  const sellerDebt = (item: number) => itemRows[item * ROW + SELLER_DEBT];
  /** 0 for an item without a seller: its row's first sighting is NaN. */
  const sellerNewness = (item: number) => {
    const firstSeen = itemRows[item * ROW + SELLER_FIRST_SEEN];
    if (!Number.isFinite(firstSeen)) return 0;
    return Math.max(0, 1 - Math.max(0, request.now - firstSeen) / NEW_WINDOW_MS);
  };
  const lowExposure = (item: number) => itemRows[item * ROW + LOW_EXPOSURE];
  return {
    value: {
      fairExposure: fromRow(itemRows, SELLER_DEBT),
      coldStartSellers: (candidates, out) => {
        for (let slot = 0; slot < candidates.length; slot++) out[slot] = 0.5 * sellerNewness(candidates[slot]) + 0.5 * lowExposure(candidates[slot]);
      },
    },
    evidence: {
      fairExposure: (item) => {
        const seller = index.sellerOf[item];
        return {
          seller: index.sellerIds[seller],
          impressions: index.sellerImpressions[seller],
          fairShare: Math.round(index.sellerFairImpressions[seller]),
          shortfallPercent: Math.round(sellerDebt(item) * 100),
        };
      },
      coldStartSellers: (item) => {
        const facts: Facts = {};
        if (sellerNewness(item) > 0) {
          const seller = index.sellerOf[item];
          facts.seller = index.sellerIds[seller];
          facts.sellerAgeDays = Math.max(0, Math.floor((request.now - index.sellerFirstSeen[seller]) / DAY_MS));
        }
        if (lowExposure(item) > 0) facts.impressions = index.impressions[item];
        return facts;
      },
    },
  };
}

/** Delivery speed, averaged with delivering to the request's region when it sends one. */
function deliverySignals(index: EngineIndex, request: RankRequest): SignalFamily<'deliveryAware'> {
  const region = typeof request.metadata.region === 'string' && request.metadata.region.trim() ? request.metadata.region.trim() : null;
  const regionKey = region?.toLowerCase() ?? null;
  const deliversToRegion = (item: number) => regionKey !== null && index.regions[item].includes(regionKey);
  return {
    value: {
      deliveryAware:
        region === null
          ? fromRow(index.itemRows, DELIVERY_SPEED)
          : (candidates, out) => {
              for (let slot = 0; slot < candidates.length; slot++) out[slot] = (index.itemRows[candidates[slot] * ROW + DELIVERY_SPEED] + (deliversToRegion(candidates[slot]) ? 1 : 0)) / 2;
            },
    },
    evidence: {
      deliveryAware: (item) => {
        const facts: Facts = {};
        if (!Number.isNaN(index.deliveryDays[item])) facts.deliveryDays = index.deliveryDays[item];
        if (region !== null && deliversToRegion(item)) facts.region = region;
        return facts;
      },
    },
  };
}

/** The item's audience against the requester: the share of it with the person's favourite label and price band. */
function audienceSignals(index: EngineIndex, profile: Profile): SignalFamily<'twoSidedMatchmaking'> {
  const audienceShares = (item: number) => {
    const size = index.audienceSize[item];
    let labelShare: number | null = null;
    let bandShare: number | null = null;
    if (size > 0 && profile.favouriteLabel >= 0) {
      labelShare = 0;
      for (let slot = index.audienceLabelOffsets[item]; slot < index.audienceLabelOffsets[item + 1]; slot++) {
        if (index.audienceLabels[slot] === profile.favouriteLabel) labelShare = index.audienceLabelCounts[slot] / size;
      }
    }
    if (size > 0 && profile.favouriteBand >= 0) bandShare = index.audienceBandCounts[item * PRICE_BANDS + profile.favouriteBand] / size;
    return { size, labelShare, bandShare };
  };
  // The score of audienceShares above without its objects, from the item's row: it runs for every candidate.
  const { favouriteLabel, favouriteBand } = profile;
  const { itemRows } = index;
  const audienceMatch = (item: number) => {
    const row = item * ROW;
    const size = itemRows[row + AUDIENCE_SIZE];
    if (size <= 0) return 0;
    let labelShare = Number.NaN;
    if (favouriteLabel >= 0) {
      labelShare = 0;
      // An item's audience labels are distinct (audiences.ts): the first match is the only one.
      const pairsEnd = row + AUDIENCE_LABELS + 2 * AUDIENCE_LABELS_PER_ITEM;
      for (let pair = row + AUDIENCE_LABELS; pair < pairsEnd; pair += 2) {
        if (itemRows[pair] === favouriteLabel) {
          labelShare = itemRows[pair + 1] / size;
          break;
        }
      }
    }
    const bandShare = favouriteBand >= 0 ? itemRows[row + AUDIENCE_BANDS + favouriteBand] / size : Number.NaN;
    const first = Number.isNaN(labelShare) ? bandShare : labelShare;
    if (Number.isNaN(first)) return 0;
    const second = Number.isNaN(labelShare) || Number.isNaN(bandShare) ? first : bandShare;
    return ((first + second) / 2) * (size / (size + AUDIENCE_SHRINKAGE));
  };
  return {
    value: {
      twoSidedMatchmaking: (candidates, out) => {
        for (let slot = 0; slot < candidates.length; slot++) out[slot] = audienceMatch(candidates[slot]);
      },
    },
    evidence: {
      twoSidedMatchmaking: (item): Facts => {
        const { size, labelShare, bandShare } = audienceShares(item);
        if (labelShare !== null && (bandShare === null || labelShare >= bandShare)) {
          return { audience: size, sharePercent: Math.round(labelShare * 100), trait: 'category', genre: index.labels[profile.favouriteLabel] };
        }
        const band = profile.favouriteBand;
        return {
          audience: size,
          sharePercent: Math.round((bandShare ?? 0) * 100),
          trait: 'price',
          low: index.priceBandBounds[band * 2],
          high: index.priceBandBounds[band * 2 + 1],
        };
      },
    },
  };
}

/** The request's custom attributes matched against the item's fields. */
function attributeSignals(index: EngineIndex, request: RankRequest, attributeNames: string[]): SignalFamily<'customAttributes'> {
  const attributeMatches = (item: number) =>
    attributeNames.map((name) => ({ name, match: attributeMatch(itemField(index, item, name), request.customAttributes[name], request.customAttributeTypes[name]) }));
  return {
    value: {
      customAttributes: (candidates, out) => {
        for (let slot = 0; slot < candidates.length; slot++) {
          out[slot] = attributeNames.length ? attributeMatches(candidates[slot]).reduce((sum, { match }) => sum + match, 0) / attributeNames.length : 0;
        }
      },
    },
    evidence: {
      customAttributes: (item) => ({
        matched: attributeMatches(item)
          .filter(({ match }) => match > 0)
          .map(({ name }) => `${name}: ${formatAttribute(request.customAttributes[name])}`)
          .join(', '),
      }),
    },
  };
}

/** Raw signal values and their evidence for one request; values are normalised by the caller. */
export function signalReader(index: EngineIndex, scratch: Scratch, request: RankRequest, profile: Profile, text: TextMatches) {
  const anchorSet = new Set(profile.anchors);
  const attributeNames = Object.keys(request.customAttributes).filter((name) => request.customAttributes[name] !== undefined && request.customAttributes[name] !== null);
  const content = contentSignals(index, scratch, request, profile, text, anchorSet);
  const viewing = viewingSignals(index, scratch, profile, anchorSet);
  const taste = tasteSignals(index, scratch, profile);
  const itemOnly = itemSignals(index);
  const sellers = sellerSignals(index, request);
  const delivery = deliverySignals(index, request);
  const audience = audienceSignals(index, profile);
  const attributes = attributeSignals(index, request, attributeNames);
  const value: Record<ScoredSignal, ValueFill> = {
    ...content.value,
    ...viewing.value,
    ...taste.value,
    ...itemOnly.value,
    ...sellers.value,
    ...delivery.value,
    ...audience.value,
    ...attributes.value,
  };
  const evidence: Record<ScoredSignal, EvidenceReader> = {
    ...content.evidence,
    ...viewing.evidence,
    ...taste.evidence,
    ...itemOnly.evidence,
    ...sellers.evidence,
    ...delivery.evidence,
    ...audience.evidence,
    ...attributes.evidence,
  };
  return { value, evidence, attributeCount: attributeNames.length };
}

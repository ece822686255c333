import { offsetsFromCounts } from './arrays';
import { COOCCURRENCE_ITEMS_PER_USER, PRICE_BANDS, RECENT_ITEMS_PER_USER } from './constants';

interface PeopleInput {
  itemCount: number;
  userCount: number;
  eventCount: number;
  evItem: Int32Array;
  evUser: Int32Array;
  evAt: Float64Array;
  evType: Uint8Array;
  itemLabelOffsets: Int32Array;
  itemLabels: Int32Array;
  labelCount: number;
  priceBand: Int8Array;
}

export type People = ReturnType<typeof buildPeople>;

/** Per person, the positions of their events: person → events CSR. */
function eventsByPerson(userCount: number, eventCount: number, evUser: Int32Array, evAt: Float64Array, evItem: Int32Array) {
  const userEventCount = new Int32Array(userCount);
  for (let event = 0; event < eventCount; event++) userEventCount[evUser[event]]++;
  const userEventOffsets = offsetsFromCounts(userEventCount);
  const cursor = userEventOffsets.slice(0, userCount);
  const userEvents = new Int32Array(eventCount);
  for (let event = 0; event < eventCount; event++) userEvents[cursor[evUser[event]]++] = event;
  // Each person's events in time order, equal times by item id (items are sorted by id), then input
  // order: the order the records were stored in never decides which item is "the most recent".
  const byTime = (left: number, right: number) => evAt[left] - evAt[right] || evItem[left] - evItem[right] || left - right;
  for (let user = 0; user < userCount; user++) {
    const start = userEventOffsets[user];
    const end = userEventOffsets[user + 1];
    if (end - start > 1) userEvents.subarray(start, end).sort(byTime);
  }
  return { userEventCount, userEventOffsets, userEvents };
}

/**
 * Per person, every distinct item they interacted with (in item order) and the event types they
 * had with it as bits (1 << type code, events.ts): what "already has" reads, whichever event
 * types the model settings count as consuming an item.
 */
function seenItemsOf(itemCount: number, userCount: number, userEventOffsets: Int32Array, userEvents: Int32Array, evItem: Int32Array, evType: Uint8Array) {
  const mask = new Uint8Array(itemCount);
  const touched: number[] = [];
  const counts = new Int32Array(userCount);
  const items: number[] = [];
  const types: number[] = [];
  for (let user = 0; user < userCount; user++) {
    for (let position = userEventOffsets[user]; position < userEventOffsets[user + 1]; position++) {
      const event = userEvents[position];
      const item = evItem[event];
      if (mask[item] === 0) touched.push(item);
      mask[item] |= 1 << evType[event];
    }
    touched.sort((left, right) => left - right);
    for (const item of touched) {
      items.push(item);
      types.push(mask[item]);
      mask[item] = 0;
    }
    counts[user] = touched.length;
    touched.length = 0;
  }
  return { userSeenOffsets: offsetsFromCounts(counts), userSeenItems: Int32Array.from(items), userSeenTypes: Uint8Array.from(types) };
}

/** Per person: event counts, recent distinct items, label and price band counts, favourites. */
export function buildPeople({ itemCount, userCount, eventCount, evItem, evUser, evAt, evType, itemLabelOffsets, itemLabels, labelCount, priceBand }: PeopleInput) {
  const { userEventCount, userEventOffsets, userEvents } = eventsByPerson(userCount, eventCount, evUser, evAt, evItem);
  const seen = seenItemsOf(itemCount, userCount, userEventOffsets, userEvents, evItem, evType);
  const recentCounts = new Int32Array(userCount);
  const pairCounts = new Int32Array(userCount);
  const recentItems: number[] = [];
  const pairItems: number[] = [];
  const seenAt = new Int32Array(itemCount).fill(-1);
  const labelScratch = new Float32Array(labelCount);
  const touchedLabels: number[] = [];
  const userLabelCounts: number[] = [];
  const userLabels: number[] = [];
  const userLabelRowCounts = new Int32Array(userCount);
  const userBandCounts = new Float32Array(userCount * PRICE_BANDS);
  const userFavouriteLabel = new Int32Array(userCount).fill(-1);
  const userFavouriteBand = new Int8Array(userCount).fill(-1);

  for (let user = 0; user < userCount; user++) {
    // Newest first: the first time an item is met is its most recent interaction.
    for (let position = userEventOffsets[user + 1] - 1; position >= userEventOffsets[user]; position--) {
      const event = userEvents[position];
      const item = evItem[event];
      const band = priceBand[item];
      if (band >= 0) userBandCounts[user * PRICE_BANDS + band] += 1;
      for (let slot = itemLabelOffsets[item]; slot < itemLabelOffsets[item + 1]; slot++) {
        const label = itemLabels[slot];
        if (labelScratch[label] === 0) touchedLabels.push(label);
        labelScratch[label] += 1;
      }
      if (seenAt[item] === user) continue;
      seenAt[item] = user;
      if (recentCounts[user] < RECENT_ITEMS_PER_USER) {
        recentItems.push(item);
        recentCounts[user]++;
      }
      if (pairCounts[user] < COOCCURRENCE_ITEMS_PER_USER) {
        pairItems.push(item);
        pairCounts[user]++;
      }
    }
    touchedLabels.sort((left, right) => labelScratch[right] - labelScratch[left] || left - right);
    if (touchedLabels.length) userFavouriteLabel[user] = touchedLabels[0];
    for (const label of touchedLabels) {
      userLabels.push(label);
      userLabelCounts.push(labelScratch[label]);
      labelScratch[label] = 0;
    }
    userLabelRowCounts[user] = touchedLabels.length;
    touchedLabels.length = 0;
    let bestBand = -1;
    for (let band = 0; band < PRICE_BANDS; band++) {
      const value = userBandCounts[user * PRICE_BANDS + band];
      if (value > 0 && (bestBand < 0 || value > userBandCounts[user * PRICE_BANDS + bestBand])) bestBand = band;
    }
    userFavouriteBand[user] = bestBand;
  }
  return {
    userEventCount,
    ...seen,
    userRecentOffsets: offsetsFromCounts(recentCounts),
    userRecentItems: Int32Array.from(recentItems),
    pairUserOffsets: offsetsFromCounts(pairCounts),
    pairUserItems: Int32Array.from(pairItems),
    userLabelOffsets: offsetsFromCounts(userLabelRowCounts),
    userLabels: Int32Array.from(userLabels),
    userLabelCounts: Float32Array.from(userLabelCounts),
    userBandCounts,
    userFavouriteLabel,
    userFavouriteBand,
  };
}

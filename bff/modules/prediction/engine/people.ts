import { offsetsFromCounts } from './arrays';
import { COOCCURRENCE_ITEMS_PER_USER, PRICE_BANDS, RECENT_ITEMS_PER_USER } from './constants';

interface PeopleInput {
  itemCount: number;
  userCount: number;
  eventCount: number;
  evItem: Int32Array;
  evUser: Int32Array;
  evAt: Float64Array;
  itemLabelOffsets: Int32Array;
  itemLabels: Int32Array;
  labelCount: number;
  priceBand: Int8Array;
}

export type People = ReturnType<typeof buildPeople>;

/** Per person, the positions of their events: person → events CSR. */
function eventsByPerson(userCount: number, eventCount: number, evUser: Int32Array, evAt: Float64Array) {
  const userEventCount = new Int32Array(userCount);
  for (let event = 0; event < eventCount; event++) userEventCount[evUser[event]]++;
  const userEventOffsets = offsetsFromCounts(userEventCount);
  const cursor = userEventOffsets.slice(0, userCount);
  const userEvents = new Int32Array(eventCount);
  for (let event = 0; event < eventCount; event++) userEvents[cursor[evUser[event]]++] = event;
  // Each person's events in time order, equal times in input order: many short sorts instead of one long one.
  const byTime = (left: number, right: number) => evAt[left] - evAt[right] || left - right;
  for (let user = 0; user < userCount; user++) {
    const start = userEventOffsets[user];
    const end = userEventOffsets[user + 1];
    if (end - start > 1) userEvents.subarray(start, end).sort(byTime);
  }
  return { userEventCount, userEventOffsets, userEvents };
}

/** Per person: event counts, recent distinct items, label and price band counts, favourites. */
export function buildPeople({ itemCount, userCount, eventCount, evItem, evUser, evAt, itemLabelOffsets, itemLabels, labelCount, priceBand }: PeopleInput) {
  const { userEventCount, userEventOffsets, userEvents } = eventsByPerson(userCount, eventCount, evUser, evAt);
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

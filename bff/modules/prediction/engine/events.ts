/** The snapshot's events as parallel typed arrays, items and people as positions. */
import type { EventType } from '@domain/prediction/contract';
import { finiteOr, internId } from './arrays';
import type { SnapshotInput } from './types';

export const EVENT_TYPE_CODES: Record<EventType, number> = { view: 0, click: 1, add_to_cart: 2, purchase: 3, conversion: 4, rating: 5 };
export const RATING_CODE = EVENT_TYPE_CODES.rating;

/** The bits of some event types, as the index keeps what each person had (people.ts). */
export function eventTypeMask(types: readonly EventType[]): number {
  let mask = 0;
  for (const type of types) if (type in EVENT_TYPE_CODES) mask |= 1 << EVENT_TYPE_CODES[type];
  return mask;
}

export type InternedEvents = ReturnType<typeof internEvents>;

/** Interned in input order (a person's own events are put in time order later); events on unknown items or without a time are left out. */
export function internEvents(events: SnapshotInput['events'], itemById: Map<string, number>) {
  const userById = new Map<string, number>();
  const userIds: string[] = [];
  const evItem = new Int32Array(events.length);
  const evUser = new Int32Array(events.length);
  const evAt = new Float64Array(events.length);
  const evType = new Uint8Array(events.length);
  const evValue = new Float64Array(events.length);
  let eventCount = 0;
  for (const event of events) {
    const item = itemById.get(event.itemId);
    if (item === undefined || !Number.isFinite(event.at)) continue;
    evItem[eventCount] = item;
    evUser[eventCount] = internId(userById, userIds, event.userId);
    evAt[eventCount] = event.at;
    evType[eventCount] = EVENT_TYPE_CODES[event.type] ?? 0;
    evValue[eventCount] = finiteOr(event.value, Number.NaN);
    eventCount++;
  }
  return { userById, userCount: userIds.length, eventCount, evItem, evUser, evAt, evType, evValue };
}

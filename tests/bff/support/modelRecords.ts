/**
 * A small catalogue and interaction history for one company, stored as imported records (the
 * unified data model), so the model screen's readiness notes and offline evaluation have real
 * data to read.
 */
import { DataRecord, DataSource } from '@bff/entities';
import type { World } from './world';

export interface InteractionFixture {
  /** Items it01..itNN; every other one has delivery_days. */
  items: number;
  /** People u01..uNN, each with `eventsPerUser` views over consecutive items. */
  users: number;
  eventsPerUser: number;
  /** The newest event's time; events are an hour apart going back. */
  newest: Date;
}

const pad = (value: number) => String(value).padStart(2, '0');

export async function addInteractionRecords(world: World, companyId: string, fixture: InteractionFixture): Promise<void> {
  const em = world.em();
  const base = { companyId, status: 'active' as const, type: 'File Upload', catalogueId: 'json-upload', config: {}, mapping: {}, fields: [] as string[] };
  const itemSource = em.create(DataSource, { ...base, name: 'items.json', recordKind: 'items' });
  const eventSource = em.create(DataSource, { ...base, name: 'events.json', recordKind: 'events' });
  const importedAt = new Date();
  let index = 0;
  for (let item = 1; item <= fixture.items; item++) {
    const itemId = `it${pad(item)}`;
    const data: Record<string, unknown> = { item_id: itemId, title: `Item ${item}`, category: item % 2 ? 'odd' : 'even', stock: 10 };
    if (item % 2 === 0) data.delivery_days = 2;
    em.create(DataRecord, {
      companyId, sourceId: itemSource.id, kind: 'items', recordKey: itemId, data,
      unified: { item_id: itemId, title: `Item ${item}`, category: data.category as string },
      sourceType: 'json', importedAt, recordIndex: index++, itemId,
    });
  }
  let minutes = 0;
  for (let user = 1; user <= fixture.users; user++) {
    for (let step = 0; step < fixture.eventsPerUser; step++) {
      const itemId = `it${pad(((user + step) % fixture.items) + 1)}`;
      const at = new Date(fixture.newest.getTime() - minutes++ * 60 * 60 * 1000);
      em.create(DataRecord, {
        companyId, sourceId: eventSource.id, kind: 'events', recordKey: `ev-${user}-${step}`,
        data: { user_id: `u${pad(user)}`, item_id: itemId, event_type: 'view' },
        unified: { user_id: `u${pad(user)}`, item_id: itemId, event_type: 'view', event_time: at.toISOString() },
        sourceType: 'json', importedAt, recordIndex: index++,
        userId: `u${pad(user)}`, itemId, eventType: 'view', eventTime: at,
      });
    }
  }
  await em.flush();
}

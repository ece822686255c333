/**
 * A small catalogue and its interactions for the prediction API's tests, sent through the API
 * itself (PUT /api/v1/items, POST /api/v1/events), and helpers to arrange settings and calls.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { DEFAULT_MODEL_SETTINGS, type ModelSettings } from '@domain/models/settings';
import type { EventInput, ItemInput } from '@domain/prediction/contract';
import { ModelSettingsVersion } from '@bff/entities';
import type { World } from './world';

export const CATALOGUE: ItemInput[] = [
  { id: 'shoe-trail', title: 'Trail Runner GTX', description: 'Waterproof trail running shoe with a grippy sole', category: 'Footwear', tags: ['trail', 'running', 'waterproof'], genres: ['running'], price: 129, stock: 40, seller_id: 'seller-a', rating: 4.6, rating_count: 120, colour: 'green' },
  { id: 'shoe-road', title: 'Road Racer', description: 'Light road running shoe for race day', category: 'Footwear', tags: ['road', 'running'], genres: ['running'], price: 99, stock: 25, seller_id: 'seller-b', rating: 4.2, rating_count: 80, colour: 'red' },
  { id: 'shoe-hike', title: 'Summit Hiking Boot', description: 'Leather hiking boot for rocky trails', category: 'Footwear', tags: ['hiking', 'trail', 'leather'], genres: ['hiking'], price: 189, stock: 12, seller_id: 'seller-a', rating: 4.8, rating_count: 40, colour: 'brown' },
  { id: 'jacket-rain', title: 'Storm Shell Jacket', description: 'Packable rain jacket for running and hiking', category: 'Apparel', tags: ['rain', 'running', 'hiking'], genres: ['hiking'], price: 149, stock: 30, seller_id: 'seller-c', rating: 4.4, rating_count: 60, colour: 'blue' },
  { id: 'sock-wool', title: 'Merino Trail Socks', description: 'Warm wool socks for long trail days', category: 'Apparel', tags: ['trail', 'wool'], genres: ['hiking'], price: 19, stock: 200, seller_id: 'seller-b', rating: 4.7, rating_count: 300, colour: 'grey' },
  { id: 'bottle-steel', title: 'Steel Water Bottle', description: 'Insulated bottle that keeps drinks cold', category: 'Gear', tags: ['hydration'], genres: ['camping'], price: 29, stock: 0, seller_id: 'seller-c', rating: 4.1, rating_count: 50, colour: 'silver' },
  { id: 'tent-light', title: 'Ultralight Tent', description: 'Two person tent for fast packing', category: 'Gear', tags: ['camping', 'ultralight'], genres: ['camping'], price: 349, stock: 5, seller_id: 'seller-d', rating: 4.5, rating_count: 22, colour: 'orange' },
  { id: 'lamp-head', title: 'Head Lamp 400', description: 'Bright head lamp for night running', category: 'Gear', tags: ['running', 'night'], genres: ['running'], price: 45, stock: 60, seller_id: 'seller-d', flagged: true, colour: 'black' },
];

const HOUR = 3_600_000;

/** People who run view the running items together; hikers the hiking ones. */
export function catalogueEvents(now = Date.now()): EventInput[] {
  const events: EventInput[] = [];
  const add = (user: string, item: string, type: EventInput['type'], hoursAgo: number, value: number | null = null) =>
    events.push({ event_id: `evt-${user}-${item}-${type}-${hoursAgo}`, user_id: user, item_id: item, type, value, timestamp: new Date(now - hoursAgo * HOUR).toISOString() });
  for (let person = 0; person < 6; person++) {
    add(`runner-${person}`, 'shoe-trail', 'view', 30 + person);
    add(`runner-${person}`, 'shoe-road', 'view', 29 + person);
    add(`runner-${person}`, 'jacket-rain', 'click', 28 + person);
  }
  for (let person = 0; person < 4; person++) {
    add(`hiker-${person}`, 'shoe-hike', 'view', 40 + person);
    add(`hiker-${person}`, 'sock-wool', 'purchase', 39 + person, 19);
  }
  return events;
}

/** A company with its catalogue and events, a company admin, and a key with every scope. */
export async function catalogueCompany(w: World) {
  const company = await w.addCompany();
  const admin = await w.addUser(company.id, { role: 'company_admin' });
  const key = await w.addApiKey(company.id, { scopes: ['read', 'write', 'admin'] });
  const items = await w.http.put('/api/v1/items').set(key.header).send({ items: CATALOGUE });
  expect(items.status).toBe(200);
  const events = await w.http.post('/api/v1/events').set(key.header).send({ events: catalogueEvents() });
  expect(events.status).toBe(200);
  return { company, admin, key };
}

/** Saves the next settings version of a company directly (the model screen's own routes are tested elsewhere). */
export async function saveSettings(w: World, companyId: string, change: (settings: ModelSettings) => void): Promise<number> {
  const em = w.em();
  const last = await em.findOne(ModelSettingsVersion, { companyId }, { orderBy: { version: 'desc' } });
  const settings: ModelSettings = structuredClone(last?.settings ?? DEFAULT_MODEL_SETTINGS);
  change(settings);
  const version = (last?.version ?? 0) + 1;
  em.create(ModelSettingsVersion, { id: randomUUID(), companyId, version, settings, createdById: null });
  await em.flush();
  return version;
}

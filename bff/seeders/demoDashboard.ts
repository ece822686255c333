/**
 * The dashboard overview's demo outcomes: after the demo's month of prediction calls, the people
 * they were served to click some of the recommended items within two hours and buy some of those
 * within two days, sent through the API's own ingestion (which attributes them); a tenth of the
 * calls served the holdout group. Then each company's outcome rollup is rebuilt from the raw rows.
 * Deterministic for a given day, so every chart of the demo has data.
 */
import type { EntityManager } from '@mikro-orm/core';
import type { EntityManager as SqlEntityManager, Knex } from '@mikro-orm/knex';
import type { ValidEvent } from '@domain/prediction/schemas';
import { randomSource } from '@domain/random';
import type { Company } from '../entities';
import { rebuildOutcomes, timeOf, storeEvents } from '../modules/prediction';
import { type DatabaseKind, rowsOf } from '../platform/sql';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const BATCH = 1_000;
const HOLDOUT_EVERY = 10;
const CLICK_SHARE = 0.14;
const PURCHASE_SHARE = 0.3;

export async function seedDemoDashboard(em: EntityManager, kind: DatabaseKind, companies: Record<'acme' | 'globex', Company>, now = new Date()): Promise<void> {
  const knex = (em as SqlEntityManager).getKnex();
  for (const [key, prefix, seed] of [['acme', 'AC', 0xd0a1], ['globex', 'GX', 0xd0a2]] as const) {
    const companyId = companies[key].id;
    const calls = rowsOf(
      await knex.raw(
        `select id, user_id, created_at, items from prediction_calls
          where company_id = ? and endpoint = 'predict' and status < 400 and items_served > 0 and user_id is not null
          order by created_at, id`,
        [companyId],
      ),
    );
    const holdout = calls.filter((_, index) => index % HOLDOUT_EVERY === 0).map((call) => String(call.id));
    for (let start = 0; start < holdout.length; start += 500) {
      await knex('prediction_calls').whereIn('id', holdout.slice(start, start + 500)).update({ holdout: true } as Knex.DbRecord<object>);
    }
    const random = randomSource(seed);
    const events: ValidEvent[] = [];
    calls.forEach((call, index) => {
      const clicked = random() < CLICK_SHARE;
      const bought = random() < PURCHASE_SHARE;
      if (!clicked) return;
      const raw = typeof call.items === 'string' ? (JSON.parse(call.items) as Array<{ id: string }>) : (call.items as Array<{ id: string }>);
      const item = raw[Math.floor(random() * raw.length)]?.id;
      if (!item) return;
      const servedAt = timeOf(call.created_at);
      const clickAt = servedAt + (1 + Math.floor(random() * 120)) * MINUTE_MS;
      const user = String(call.user_id);
      if (clickAt < now.getTime()) events.push({ event_id: `${prefix}-DB-C-${index}`, user_id: user, item_id: item, type: 'click', value: null, timestamp: new Date(clickAt).toISOString() } as ValidEvent);
      const buyAt = clickAt + (1 + Math.floor(random() * 48)) * HOUR_MS;
      if (bought && buyAt < now.getTime()) events.push({ event_id: `${prefix}-DB-P-${index}`, user_id: user, item_id: item, type: 'purchase', value: null, timestamp: new Date(buyAt).toISOString() } as ValidEvent);
    });
    for (let start = 0; start < events.length; start += BATCH) await storeEvents(em, kind, companyId, events.slice(start, start + BATCH), now);
    await rebuildOutcomes(em, kind, companyId);
  }
}

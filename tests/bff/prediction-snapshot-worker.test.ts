/**
 * The snapshot worker builds a company's index in its own thread and hands it back in slices
 * (snapshotHandOver.ts), at a lower priority than the thread answering requests.
 */
import { readdirSync, readFileSync } from 'node:fs';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { upsertItems } from '@bff/modules/prediction';
import { SLICE_ENTRIES } from '@bff/modules/prediction/snapshotHandOver';
import { SnapshotBuilder } from '@bff/modules/prediction/snapshotWorkerClient';
import { BUILD_THREAD_NICENESS } from '@bff/platform/threadPriority';
import { useWorld } from './support/world';

/** Each thread of this process with its nice value (field 19 of /proc/self/task/<id>/stat). */
function threadNiceValues(): number[] {
  return readdirSync('/proc/self/task').map((thread) => {
    const stat = readFileSync(`/proc/self/task/${thread}/stat`, 'utf8');
    // The command name, in parentheses, may hold spaces: count fields after it.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

describe('the snapshot worker', () => {
  const world = useWorld();
  let builder: SnapshotBuilder | null = null;
  afterAll(() => builder?.stop());

  it('hands back the whole index of a catalogue of several slices, built in a thread of lower priority', async () => {
    const w = world();
    const companyId = w.companies.globex.id;
    const items = Array.from({ length: SLICE_ENTRIES * 2 + 500 }, (_, item) => ({ id: `sku-${item}`, title: `Lamp ${item}`, price: item % 90, material: item % 2 ? 'oak' : 'brass' }));
    for (let start = 0; start < items.length; start += 1_000) await upsertItems(w.em(), w.config.database.kind, companyId, items.slice(start, start + 1_000));
    expect(threadNiceValues()).not.toContain(BUILD_THREAD_NICENESS);
    builder = new SnapshotBuilder(w.config, pino({ level: 'silent' }));

    const reply = await builder.build(companyId, Date.now());
    if (!reply.ok) throw new Error(reply.error);
    const index = reply.index as Record<string, unknown>;
    expect(reply.itemCount).toBe(items.length);
    const itemIds = index.itemIds as string[];
    expect(new Set(itemIds)).toEqual(new Set(items.map((item) => item.id)));
    const itemById = index.itemById as Map<string, number>;
    expect(itemById.size).toBe(items.length);
    expect(itemIds.every((id, position) => itemById.get(id) === position)).toBe(true);
    const fields = index.fields as Array<Record<string, unknown>>;
    expect(fields.map((field, position) => field.material === (Number(itemIds[position].slice(4)) % 2 ? 'oak' : 'brass'))).not.toContain(false);
    expect(threadNiceValues()).toContain(BUILD_THREAD_NICENESS);
  });
});

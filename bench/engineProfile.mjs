// The engine alone, in this process: builds an index from the prediction benchmark's data shape
// (100,000 items, 1,000,000 events, the same generators) and ranks and explains that benchmark's
// requests over and over, printing the CPU time per call. No HTTP, no database: what is left of a
// predict call once the engine is the only work. Run with `node --cpu-prof` to see where it goes.
//
//   node --import tsx bench/engineProfile.mjs [calls]
import { performance } from 'node:perf_hooks';
import { tsImport } from 'tsx/esm/api';
import { random32 } from './bff-overhead.mjs';
import { catalogue, eventAt, EVENTS, predictRequests } from './prediction.mjs';
import { loadNow } from './report.mjs';

const CALLS = Number(process.argv[2] ?? 3_000);
// ENGINE_MODULE: a bundle of the engine built with esbuild, whose profile keeps line numbers.
const { buildIndex, rank, explain } = process.env.ENGINE_MODULE ? await import(process.env.ENGINE_MODULE) : await tsImport('../bff/modules/prediction/engine/index.ts', import.meta.url);
const { catalogueItemOf, interactionOf } = await tsImport('../bff/modules/prediction/snapshotInput.ts', import.meta.url);
const { DEFAULT_MODEL_SETTINGS } = await tsImport('../src/domain/models/settings.ts', import.meta.url);

/** The benchmark's items and events as the snapshot reader hands them to the engine. */
export function engineInput(now = Date.now()) {
  const items = catalogue().map((item) => catalogueItemOf(item.id, item, {}));
  const random = random32(0xe7e7);
  const events = [];
  for (let index = 0; index < EVENTS; index++) {
    const event = eventAt(index, random);
    const interaction = interactionOf({ user_id: event.user_id, item_id: event.item_id, event_type: event.type, event_time: event.timestamp, data: event, unified: {} });
    if (interaction) events.push(interaction);
  }
  return { items, events, impressions: {}, now };
}

/** The benchmark's predict bodies as the engine's requests. */
export function rankRequests(now) {
  return predictRequests().map(({ body }) => {
    const request = JSON.parse(body);
    return {
      query: request.query ?? '',
      topK: request.top_k,
      filters: request.filters ?? {},
      userId: request.metadata?.user_id ?? null,
      metadata: request.metadata ?? {},
      customAttributes: {},
      customAttributeTypes: {},
      recentEvents: [],
      now,
    };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const now = Date.now();
  const input = engineInput(now);
  const builtAt = performance.now();
  const index = buildIndex(input);
  console.info(`index of ${index.itemCount} items, ${index.eventCount} events built in ${((performance.now() - builtAt) / 1000).toFixed(1)} s`);
  const requests = rankRequests(now);
  const settings = DEFAULT_MODEL_SETTINGS;
  const once = (request) => {
    const ranked = rank(index, request, settings.discovery);
    for (const item of ranked) explain(item, { settings, channel: 'web', margin: 0.1, personal: request.userId !== null });
  };
  for (let call = 0; call < 500; call++) once(requests[call % requests.length]);
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  for (let call = 0; call < CALLS; call++) once(requests[call % requests.length]);
  const cpu = process.cpuUsage(cpuBefore);
  const wall = performance.now() - started;
  console.info(`rank + explain: ${((cpu.user + cpu.system) / 1000 / CALLS).toFixed(3)} ms CPU per call, ${(wall / CALLS).toFixed(3)} ms wall, over ${CALLS} calls  [load ${loadNow().toFixed(2)}]`);
}

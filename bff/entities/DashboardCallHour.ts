import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * The call log's per-minute rollup summed by the hour (UTC), for the dashboard's longer ranges:
 * written by the dashboard (bff/modules/dashboard/callHours.ts) for hours that are over, up to the
 * company's mark in dashboard_call_marks; the hours after it are read from the minutes.
 */
export const DashboardCallHour = defineEntity({
  name: 'DashboardCallHour',
  tableName: 'dashboard_call_hours',
  properties: {
    id: p.string().primary().length(36),
    companyId: p.string().length(36),
    hour: p.datetime(),
    calls: p.integer(),
    itemsServed: p.integer(),
    /** Sum of the latencies that are known, and how many calls they are. */
    latencyTotalMs: p.float(),
    timedCalls: p.integer(),
  },
  uniques: [{ name: 'dashboard_call_hours_unique', properties: ['companyId', 'hour'] }],
});
export type DashboardCallHour = InferEntity<typeof DashboardCallHour>;

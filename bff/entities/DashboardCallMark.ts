import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** Up to when (exclusive) a company's dashboard_call_hours are written: the hours before it are sealed. */
export const DashboardCallMark = defineEntity({
  name: 'DashboardCallMark',
  tableName: 'dashboard_call_marks',
  properties: {
    companyId: p.string().primary().length(36),
    sealedUntil: p.datetime(),
  },
});
export type DashboardCallMark = InferEntity<typeof DashboardCallMark>;

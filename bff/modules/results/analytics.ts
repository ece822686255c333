/**
 * A published survey's summary figures: its analytics (totals, completion rate, the last days'
 * trend, the device split and completion times) and its users (unique and returning addresses,
 * the most engaged ones). Each is a handful of aggregate rows computed by the database.
 */
import {
  DEVICE_TYPES,
  MOST_ENGAGED_USERS,
  TREND_DAYS,
  type DeviceType,
  type SurveyAnalytics,
  type UserAnalytics,
  type UserEngagement,
} from '@domain/survey/collection';
import type { PublishedSurvey } from '../../entities';
import { toNumber } from '../../platform/sql';
import { responseGroups, responsesPerAddress } from '../responses';
import { DAY_MS, percent, startOfUtcDay, TABLE, type ResultsDb } from './responseRows';

/**
 * "Today" and the trend days are the server clock's UTC days. The figures are added up from the
 * survey's responses grouped by the responses' owner (its tallies and its responses not yet
 * tallied, in one statement, so a batch the tally job moves meanwhile is counted once): at most a
 * row per device and completeness outside the trend's days, and one per trend day.
 */
export async function surveyAnalytics({ knex, dialect }: ResultsDb, now: () => Date, survey: PublishedSurvey): Promise<SurveyAnalytics> {
  const today = startOfUtcDay(now());
  const firstDay = today - (TREND_DAYS - 1) * DAY_MS;
  const days = Array.from({ length: TREND_DAYS }, (_, index) => firstDay + index * DAY_MS);

  const groups = await responseGroups(knex, dialect.kind, survey.id, firstDay, today);

  const trend = new Map<number, number>();
  let total = 0;
  let completed = 0;
  let timed = 0;
  let timeSum = 0;
  let fastest: number | null = null;
  let longest: number | null = null;
  const devices: Record<DeviceType, number> = { mobile: 0, desktop: 0, tablet: 0 };
  for (const group of groups) {
    const count = toNumber(group.responses);
    total += count;
    if (group.trend_day !== null) {
      const day = toNumber(group.trend_day) * DAY_MS;
      trend.set(day, (trend.get(day) ?? 0) + count);
    }
    if (group.device_type in devices) devices[group.device_type as DeviceType] += count;
    if (!group.is_complete) continue;
    completed += count;
    if (!toNumber(group.timed)) continue;
    timed += toNumber(group.timed);
    timeSum += toNumber(group.time_sum);
    fastest = Math.min(fastest ?? Infinity, toNumber(group.fastest));
    longest = Math.max(longest ?? -Infinity, toNumber(group.longest));
  }
  return {
    totalResponses: total,
    completedResponses: completed,
    completionRate: percent(completed, total),
    dailyTrends: days.map((start) => ({ date: new Date(start).toISOString().slice(0, 10), responses: trend.get(start) ?? 0 })),
    deviceAnalytics: Object.fromEntries(DEVICE_TYPES.map((device) => [device, percent(devices[device], total)])) as Record<DeviceType, number>,
    averageCompletionTime: timed ? Math.round(timeSum / timed) : 0,
    fastestResponse: fastest ?? 0,
    longestResponse: longest ?? 0,
  };
}

export async function userAnalytics({ knex, raw }: ResultsDb, survey: PublishedSurvey): Promise<UserAnalytics> {
  // A user is an address (data document, section 3); responses without one are nobody's. The
  // addresses' tallies (one row per address for the responses already tallied) and the responses
  // not yet tallied, grouped by address, are added up and ranked; the totals ride along the most
  // engaged rows as window figures over every address. Their devices and completion times are
  // then read for those few addresses alone.
  const users = knex
    .from(responsesPerAddress(knex, survey.id).as('parts'))
    .groupBy('ip_address')
    // An address whose tallied responses were all taken out again, and not yet counted again.
    .havingRaw('sum(responses) > 0')
    .select('ip_address', raw('sum(responses) as response_count'), raw('max(last_response) as last_response'))
    .as('users');
  const top = (await knex
    .from(users)
    .select('ip_address', 'response_count', raw('count(*) over () as unique_users'), raw('sum(case when response_count > 1 then 1 else 0 end) over () as returning_users'))
    .orderBy([
      { column: 'response_count', order: 'desc' },
      { column: 'last_response', order: 'desc' },
      { column: 'ip_address', order: 'asc' },
    ])
    .limit(MOST_ENGAGED_USERS)) as Array<{ ip_address: string; response_count: unknown; unique_users: unknown; returning_users: unknown }>;
  const details = new Map<string, { devices: Set<DeviceType>; timed: number; timeSum: number }>();
  if (top.length) {
    const rows = (await knex(TABLE)
      .where('survey_id', survey.id)
      .whereIn(
        'ip_address',
        top.map((user) => user.ip_address),
      )
      .groupBy('ip_address', 'device_type')
      .select(
        'ip_address',
        'device_type',
        raw('count(case when is_complete then completion_time_seconds end) as timed'),
        raw('sum(case when is_complete then completion_time_seconds end) as time_sum'),
      )) as Array<{ ip_address: string; device_type: DeviceType; timed: unknown; time_sum: unknown }>;
    for (const row of rows) {
      const detail = details.get(row.ip_address) ?? { devices: new Set<DeviceType>(), timed: 0, timeSum: 0 };
      detail.devices.add(row.device_type);
      detail.timed += toNumber(row.timed);
      detail.timeSum += toNumber(row.time_sum);
      details.set(row.ip_address, detail);
    }
  }
  const userEngagement: UserEngagement[] = top.map((user) => {
    const detail = details.get(user.ip_address);
    return {
      ip_address: user.ip_address,
      response_count: toNumber(user.response_count),
      device_types: DEVICE_TYPES.filter((device) => detail?.devices.has(device)),
      avg_completion_time: detail?.timed ? Math.round(detail.timeSum / detail.timed) : 0,
    };
  });
  return { uniqueUsers: toNumber(top[0]?.unique_users), returningUsers: toNumber(top[0]?.returning_users), userEngagement };
}

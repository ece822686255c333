/**
 * Nothing the demo shows may lie after the moment it is seeded, whatever the time of day: early in
 * a UTC day, most of "today" is still to come.
 */
import { describe, expect, it } from 'vitest';
import { demoVisitorEvents } from './demoAudience';
import { demoDataSet } from './demoRows';

const EARLY_MORNING = Date.UTC(2026, 10, 24, 4, 12, 30);
const LATE_EVENING = Date.UTC(2026, 10, 24, 23, 50, 0);

/** The most events sharing one second. */
function busiestSecond(times: number[]): number {
  const perSecond = new Map<number, number>();
  for (const time of times) perSecond.set(Math.floor(time / 1000), (perSecond.get(Math.floor(time / 1000)) ?? 0) + 1);
  return Math.max(...perSecond.values());
}

describe('the demo data and the clock', () => {
  for (const now of [EARLY_MORNING, LATE_EVENING]) {
    const at = new Date(now).toISOString();

    it(`dates no imported event after ${at}, and piles none on one instant`, () => {
      for (const company of ['acme', 'globex'] as const) {
        const times = demoDataSet(company, now).events.rows.map((row) => Date.parse(row.timestamp!));
        expect(Math.max(...times)).toBeLessThanOrEqual(now);
        expect(busiestSecond(times)).toBeLessThan(10);
      }
    });

    it(`dates no visitor's page view after ${at}, and piles none on one instant`, () => {
      for (const company of ['acme', 'globex'] as const) {
        const times = demoVisitorEvents(company, now).map((event) => event.at);
        expect(Math.max(...times)).toBeLessThanOrEqual(now);
        expect(busiestSecond(times)).toBeLessThan(10);
      }
    });
  }

  it('is the same data for the same clock', () => {
    expect(demoDataSet('acme', EARLY_MORNING)).toEqual(demoDataSet('acme', EARLY_MORNING));
  });
});

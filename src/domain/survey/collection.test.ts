import { describe, expect, it } from 'vitest';
import { completionSeconds } from './collection';
import { responseStartedAt, STARTED_AT_MAX_AGE_MS } from './responseStart';
import { responseInputSchema } from './collectionSchemas';

const RECEIVED = new Date('2026-06-15T12:00:00.000Z');
const at = (ms: number) => new Date(RECEIVED.getTime() + ms).toISOString();

describe('responseStartedAt', () => {
  it('is the receipt when the body says nothing, as for an older widget', () => {
    expect(responseStartedAt({}, RECEIVED)).toEqual(RECEIVED);
    expect(responseStartedAt({ sentAt: at(-5_000) }, RECEIVED)).toEqual(RECEIVED);
  });

  it("counts the page's own measure back from the receipt, whatever the page's clock says", () => {
    // A page whose clock runs ten minutes fast: shown 95 s before it sent.
    expect(responseStartedAt({ startedAt: at(600_000 - 95_000), sentAt: at(600_000) }, RECEIVED)).toEqual(new Date(at(-95_000)));
    // Ten minutes slow: the same 95 s, not ten minutes more.
    expect(responseStartedAt({ startedAt: at(-600_000 - 95_000), sentAt: at(-600_000) }, RECEIVED)).toEqual(new Date(at(-95_000)));
  });

  it('takes startedAt as it is without sentAt, never after the receipt nor more than a day before it', () => {
    expect(responseStartedAt({ startedAt: at(-42_000) }, RECEIVED)).toEqual(new Date(at(-42_000)));
    expect(responseStartedAt({ startedAt: at(3_600_000) }, RECEIVED)).toEqual(RECEIVED);
    expect(responseStartedAt({ startedAt: at(-3 * STARTED_AT_MAX_AGE_MS) }, RECEIVED)).toEqual(new Date(at(-STARTED_AT_MAX_AGE_MS)));
    // Sent before it was shown: no time at all, never a negative one.
    expect(responseStartedAt({ startedAt: at(10_000), sentAt: at(0) }, RECEIVED)).toEqual(RECEIVED);
    expect(responseStartedAt({ startedAt: at(-10 * STARTED_AT_MAX_AGE_MS), sentAt: at(0) }, RECEIVED)).toEqual(new Date(at(-STARTED_AT_MAX_AGE_MS)));
    expect(completionSeconds(new Date(at(-95_600)), RECEIVED)).toBe(95);
    expect(completionSeconds(new Date(at(1_000)), RECEIVED)).toBe(0);
  });
});

describe('startedAt and sentAt in the POST body', () => {
  const body = (extra: object) => ({ answers: {}, complete: true, ...extra });
  const valid = (extra: object) => responseInputSchema.isValid(body(extra), { strict: true });

  it('accept ISO 8601 instants with a zone', async () => {
    expect(await valid({ startedAt: '2026-06-15T11:58:25.000Z', sentAt: '2026-06-15T12:00:00.000Z' })).toBe(true);
    expect(await valid({ startedAt: '2026-06-15T13:58:25+02:00' })).toBe(true);
    expect(await valid({ startedAt: '2026-06-15T11:58Z' })).toBe(true);
  });

  it('refuse anything else', async () => {
    for (const startedAt of ['2026-06-15T11:58:25', '2026-06-15', 'yesterday', '', '2026-13-01T00:00:00Z', `2026-06-15T11:58:25.${'0'.repeat(40)}Z`, 1781524705000, null, true, {}, []]) {
      expect(await valid({ startedAt }), String(startedAt)).toBe(false);
      expect(await valid({ sentAt: startedAt }), String(startedAt)).toBe(false);
    }
  });
});

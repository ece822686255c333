import { describe, expect, it } from 'vitest';
import { stickyBucket } from '@domain/survey/collection';
import { defaultDisplayTriggers } from '@domain/survey/defaults';
import type { TimeRules } from '@domain/survey/types';
import {
  coolingDown,
  decide,
  deviceMatches,
  deviceTypeOf,
  identifiersFor,
  identifierSatisfied,
  inHoldout,
  localDay,
  pageMatches,
  referrerMatches,
  sampledIn,
  visitorTypeMatches,
  withinTimeRules,
  type DecisionContext,
} from './decide';
import { publicSurvey } from './fixtures';

const DAY = 86_400_000;
// Tuesday 10 March 2026, 14:30 on the visitor's own clock.
const TUESDAY_AFTERNOON = new Date(2026, 2, 10, 14, 30);

function context(overrides: Partial<DecisionContext> = {}): DecisionContext {
  return {
    now: TUESDAY_AFTERNOON,
    url: 'https://shop.example/checkout/done',
    referrer: 'https://www.google.com/search?q=tents',
    device: 'desktop',
    newVisitor: true,
    visitorId: () => 'visitor-1',
    identifier: () => undefined,
    completed: false,
    companyCooldownDays: 0,
    sampled: () => true,
    member: () => false,
    ...overrides,
  };
}

const triggers = defaultDisplayTriggers();

describe('device', () => {
  it('calls a coarse pointer on a narrow screen mobile, a wider one tablet, a fine pointer desktop', () => {
    expect(deviceTypeOf(true, 390)).toBe('mobile');
    expect(deviceTypeOf(true, 768)).toBe('mobile');
    expect(deviceTypeOf(true, 1024)).toBe('tablet');
    expect(deviceTypeOf(false, 500)).toBe('desktop');
  });

  it('shows mobile-only surveys on phones only and desktop-only ones everywhere else', () => {
    expect(deviceMatches('mobile-only', 'mobile')).toBe(true);
    expect(deviceMatches('mobile-only', 'tablet')).toBe(false);
    expect(deviceMatches('desktop-only', 'tablet')).toBe(true);
    expect(deviceMatches('desktop-only', 'mobile')).toBe(false);
    expect(deviceMatches('all', 'mobile')).toBe(true);
  });
});

describe('page targeting', () => {
  const on = (matchType: 'contains' | 'exact' | 'starts-with' | 'regex', urlPatterns: string[]) => ({ enabled: true, matchType, urlPatterns });

  it('matches the address against any pattern with the match type', () => {
    const url = 'https://shop.example/checkout/done?order=7';
    expect(pageMatches(on('contains', ['/cart', '/checkout']), url)).toBe(true);
    expect(pageMatches(on('exact', ['https://shop.example/checkout/done']), url)).toBe(false);
    expect(pageMatches(on('starts-with', ['https://shop.example/checkout']), url)).toBe(true);
    expect(pageMatches(on('regex', ['/checkout/\\w+\\?order=\\d+$']), url)).toBe(true);
    expect(pageMatches(on('regex', ['(']), url)).toBe(false);
  });

  it('compares a pattern starting with / with the address after its origin', () => {
    const url = 'https://shop.example/checkout/complete?order=7#summary';
    expect(pageMatches(on('starts-with', ['/checkout/complete']), url)).toBe(true);
    expect(pageMatches(on('starts-with', ['/complete']), url)).toBe(false);
    expect(pageMatches(on('exact', ['/checkout/complete?order=7#summary']), url)).toBe(true);
    expect(pageMatches(on('exact', ['/checkout/complete']), url)).toBe(false);
    expect(pageMatches(on('regex', ['^/checkout/']), url)).toBe(true);
    expect(pageMatches(on('regex', ['^https://shop\\.example/']), url)).toBe(true);
    expect(pageMatches(on('regex', ['^/account']), url)).toBe(false);
  });

  it('matches every page when off, and none when on without patterns', () => {
    expect(pageMatches({ enabled: false, matchType: 'exact', urlPatterns: ['nowhere'] }, 'https://a.example/')).toBe(true);
    expect(pageMatches(on('contains', []), 'https://a.example/')).toBe(false);
  });
});

describe('time rules', () => {
  const rules = (overrides: Partial<TimeRules>): TimeRules => ({ ...triggers.timeRules, enabled: true, ...overrides });

  it('reads dates on the visitor calendar', () => {
    expect(localDay(TUESDAY_AFTERNOON)).toBe('2026-03-10');
  });

  it('includes the start and end dates', () => {
    expect(withinTimeRules(rules({ startDate: '2026-03-10', endDate: '2026-03-10' }), TUESDAY_AFTERNOON)).toBe(true);
    expect(withinTimeRules(rules({ startDate: '2026-03-11' }), TUESDAY_AFTERNOON)).toBe(false);
    expect(withinTimeRules(rules({ endDate: '2026-03-09' }), TUESDAY_AFTERNOON)).toBe(false);
  });

  it('keeps to the listed days of the week (none listed: every day)', () => {
    expect(withinTimeRules(rules({ daysOfWeek: [1, 2, 3, 4, 5] }), TUESDAY_AFTERNOON)).toBe(true);
    expect(withinTimeRules(rules({ daysOfWeek: [0, 6] }), TUESDAY_AFTERNOON)).toBe(false);
    expect(withinTimeRules(rules({ daysOfWeek: [] }), TUESDAY_AFTERNOON)).toBe(true);
  });

  it('keeps to the time of day, both ends included, across midnight too', () => {
    expect(withinTimeRules(rules({ timeOfDay: { start: '09:00', end: '14:30' } }), TUESDAY_AFTERNOON)).toBe(true);
    expect(withinTimeRules(rules({ timeOfDay: { start: '14:31', end: '18:00' } }), TUESDAY_AFTERNOON)).toBe(false);
    expect(withinTimeRules(rules({ timeOfDay: { start: '22:00', end: '06:00' } }), new Date(2026, 2, 10, 23, 15))).toBe(true);
    expect(withinTimeRules(rules({ timeOfDay: { start: '22:00', end: '06:00' } }), TUESDAY_AFTERNOON)).toBe(false);
  });

  it('applies nothing when off', () => {
    expect(withinTimeRules({ ...rules({ daysOfWeek: [0] }), enabled: false }, TUESDAY_AFTERNOON)).toBe(true);
  });
});

describe('segmentation', () => {
  const segment = { ...triggers.userSegmentation, enabled: true };

  it('tells new visitors from returning ones', () => {
    expect(visitorTypeMatches({ ...segment, visitorType: 'new' }, true)).toBe(true);
    expect(visitorTypeMatches({ ...segment, visitorType: 'new' }, false)).toBe(false);
    expect(visitorTypeMatches({ ...segment, visitorType: 'returning' }, false)).toBe(true);
    expect(visitorTypeMatches({ ...segment, visitorType: 'returning', enabled: false }, true)).toBe(true);
  });

  it('needs the referrer to contain the text, whatever its case', () => {
    expect(referrerMatches({ ...segment, referrer: 'Google.com' }, 'https://www.google.com/search')).toBe(true);
    expect(referrerMatches({ ...segment, referrer: 'newsletter' }, 'https://www.google.com/')).toBe(false);
    expect(referrerMatches({ ...segment, referrer: 'newsletter' }, '')).toBe(false);
    expect(referrerMatches({ ...segment, referrer: '' }, '')).toBe(true);
  });
});

describe('identifier requirement', () => {
  const rule = { requireIdentifier: true, identifierTypes: ['email', 'uuid'] as const, identifierFields: { email: 'user_email, email', uuid: 'user_id', custom: 'member_no' } };
  const values = (given: Record<string, string>) => (field: string) => given[field];

  it('is met by a value in any field of any required type', () => {
    expect(identifierSatisfied({ ...rule, identifierTypes: [...rule.identifierTypes] }, values({ email: 'ana@example.com' }))).toBe(true);
    expect(identifierSatisfied({ ...rule, identifierTypes: [...rule.identifierTypes] }, values({ user_id: 'u-42' }))).toBe(true);
  });

  it('is not met by a field of a type the rule does not name', () => {
    expect(identifierSatisfied({ ...rule, identifierTypes: [...rule.identifierTypes] }, values({ member_no: '77' }))).toBe(false);
  });

  it('asks nothing when identifiers are not required, but still names what was found', () => {
    const optional = { ...rule, requireIdentifier: false, identifierTypes: [...rule.identifierTypes] };
    expect(identifierSatisfied(optional, values({}))).toBe(true);
    expect(identifiersFor(optional, values({ user_email: 'ana@example.com', member_no: '77' }))).toEqual({ user_email: 'ana@example.com' });
  });
});

describe('cooldown', () => {
  const now = TUESDAY_AFTERNOON.getTime();

  it('runs for the given days after the last show or completion', () => {
    expect(coolingDown(7, now - 6 * DAY, now)).toBe(true);
    expect(coolingDown(7, now - 7 * DAY, now)).toBe(false);
    expect(coolingDown(7, undefined, now)).toBe(false);
    expect(coolingDown(0, now - 1000, now)).toBe(false);
  });
});

describe('show percentage', () => {
  const input = { surveyId: 'survey-1', visitorId: () => 'visitor-1', random: () => 0.5 };

  it('rolls for random: below the percentage shows', () => {
    expect(sampledIn({ ...input, method: 'random', percentage: 60 })).toBe(true);
    expect(sampledIn({ ...input, method: 'random', percentage: 40 })).toBe(false);
    expect(sampledIn({ ...input, method: 'random', percentage: 100, random: () => 0.999 })).toBe(true);
  });

  it('keeps the session decision for session-based, and rolls when there is none', () => {
    expect(sampledIn({ ...input, method: 'session-based', percentage: 10, remembered: true })).toBe(true);
    expect(sampledIn({ ...input, method: 'session-based', percentage: 90, remembered: false })).toBe(false);
    expect(sampledIn({ ...input, method: 'session-based', percentage: 40 })).toBe(false);
  });

  it('gives a visitor the same sticky decision every time, whatever the dice say', () => {
    const bucket = stickyBucket('visitor-1', 'survey-1');
    const decisions = [0, 0.3, 0.99].map((roll) => sampledIn({ ...input, random: () => roll, method: 'sticky', percentage: bucket + 0.01 }));
    expect(decisions).toEqual([true, true, true]);
    expect(sampledIn({ ...input, method: 'sticky', percentage: bucket })).toBe(false);
  });

  it('shows sticky 30 % to 30 % of visitors (±2 %)', () => {
    let shown = 0;
    for (let index = 0; index < 10_000; index += 1) {
      if (sampledIn({ ...input, visitorId: () => `visitor-${index}`, method: 'sticky', percentage: 30 })) shown += 1;
    }
    expect(shown / 10_000).toBeGreaterThanOrEqual(0.28);
    expect(shown / 10_000).toBeLessThanOrEqual(0.32);
  });
});

describe('holdout', () => {
  it('holds out about its share of visitors, the same ones every time', () => {
    let held = 0;
    for (let index = 0; index < 10_000; index += 1) if (inHoldout(20, `visitor-${index}`, 'survey-1')) held += 1;
    expect(held / 10_000).toBeGreaterThanOrEqual(0.18);
    expect(held / 10_000).toBeLessThanOrEqual(0.22);
    expect(inHoldout(20, 'visitor-9', 'survey-1')).toBe(inHoldout(20, 'visitor-9', 'survey-1'));
    expect(inHoldout(0, 'visitor-9', 'survey-1')).toBe(false);
  });

  it('is independent of the sticky sample (its own salt)', () => {
    // Among visitors sampled in at 50 %, a 50 % holdout keeps about half, not all or none.
    let sampled = 0;
    let held = 0;
    for (let index = 0; index < 10_000; index += 1) {
      if (stickyBucket(`visitor-${index}`, 'survey-1') >= 50) continue;
      sampled += 1;
      if (inHoldout(50, `visitor-${index}`, 'survey-1')) held += 1;
    }
    expect(held / sampled).toBeGreaterThan(0.45);
    expect(held / sampled).toBeLessThan(0.55);
  });
});

describe('decide', () => {
  it('checks in order: device, page, time, visitor, referrer, identifier, completed, cooldown, sample, holdout', () => {
    const survey = publicSurvey({
      triggers: {
        deviceTarget: 'mobile-only',
        pageTargeting: { enabled: true, matchType: 'contains', urlPatterns: ['/pricing'] },
        timeRules: { ...triggers.timeRules, enabled: true, daysOfWeek: [0] },
        userSegmentation: { enabled: true, visitorType: 'returning', geography: '', referrer: 'newsletter' },
        cooldownDays: 3,
        holdoutPercentage: 50,
      },
      identifierRule: { requireIdentifier: true },
    });
    const now = TUESDAY_AFTERNOON.getTime();
    const steps: Array<[Partial<DecisionContext>, string]> = [
      [{}, 'device'],
      [{ device: 'mobile' }, 'page'],
      [{ url: 'https://shop.example/pricing' }, 'time'],
      [{ now: new Date(2026, 2, 8, 12, 0) }, 'visitor'],
      [{ newVisitor: false }, 'referrer'],
      [{ referrer: 'https://mail.example/newsletter' }, 'identifier'],
      [{ identifier: (field) => (field === 'user_email' ? 'ana@example.com' : undefined), completed: true }, 'completed'],
      [{ completed: false, surveySeenAt: new Date(2026, 2, 7).getTime() }, 'cooldown'],
      [{ surveySeenAt: now - 10 * DAY, sampled: () => false }, 'sample'],
    ];
    let fixed: Partial<DecisionContext> = {};
    for (const [fix, verdict] of steps) {
      fixed = { ...fixed, ...fix };
      expect(decide(survey, context(fixed))).toBe(verdict);
    }
    // With every check passed, the holdout decides by the visitor's sticky bucket.
    const heldOut = Array.from({ length: 40 }, (_, index) => `visitor-${index}`).find((id) => inHoldout(50, id, survey.id)) as string;
    const kept = Array.from({ length: 40 }, (_, index) => `visitor-${index}`).find((id) => !inHoldout(50, id, survey.id)) as string;
    fixed = { ...fixed, sampled: () => true, now: new Date(2026, 2, 8, 12, 0) };
    expect(decide(survey, context({ ...fixed, visitorId: () => heldOut }))).toBe('holdout');
    expect(decide(survey, context({ ...fixed, visitorId: () => kept }))).toBe('show');
  });

  it('does not offer a survey again to a visitor who completed it, unless it shows after completion', () => {
    expect(decide(publicSurvey(), context({ completed: true }))).toBe('completed');
    expect(decide(publicSurvey(), context({ completed: false }))).toBe('show');
    expect(decide(publicSurvey({ triggers: { showAfterCompletion: true } }), context({ completed: true }))).toBe('show');
    // Shown again, its cooldown still applies.
    const recurring = publicSurvey({ triggers: { showAfterCompletion: true, cooldownDays: 30 } });
    expect(decide(recurring, context({ completed: true, surveySeenAt: TUESDAY_AFTERNOON.getTime() - 2 * DAY }))).toBe('cooldown');
    // Stored before the setting existed: off.
    const older = publicSurvey();
    delete (older.displayTriggers as Partial<typeof older.displayTriggers>).showAfterCompletion;
    expect(decide(older, context({ completed: true }))).toBe('completed');
  });

  it('applies the company cooldown to every survey of the company', () => {
    const survey = publicSurvey();
    const now = TUESDAY_AFTERNOON.getTime();
    expect(decide(survey, context({ companyCooldownDays: 14, companySeenAt: now - 2 * DAY }))).toBe('cooldown');
    expect(decide(survey, context({ companyCooldownDays: 14, companySeenAt: now - 15 * DAY }))).toBe('show');
  });

  it('with audience targeting on, shows only to a member, asked after the sample and before the holdout', () => {
    const audienceTargeting = { enabled: true, kind: 'category' as const, id: 'high-value' };
    const survey = publicSurvey({ triggers: { audienceTargeting } });
    expect(decide(survey, context({ member: () => false }))).toBe('audience');
    expect(decide(survey, context({ member: () => true }))).toBe('show');

    let asked = false;
    expect(decide(survey, context({ sampled: () => false, member: () => (asked = true) }))).toBe('sample');
    expect(asked).toBe(false);

    const held = publicSurvey({ triggers: { audienceTargeting, holdoutPercentage: 50 } });
    const heldOut = Array.from({ length: 40 }, (_, index) => `visitor-${index}`).find((id) => inHoldout(50, id, held.id)) as string;
    // A non-member is never counted in the holdout: the holdout compares people who would have seen it.
    expect(decide(held, context({ visitorId: () => heldOut, member: () => false }))).toBe('audience');
    expect(decide(held, context({ visitorId: () => heldOut, member: () => true }))).toBe('holdout');
  });

  it('ignores the audience when targeting is off or the stored triggers predate it', () => {
    let asked = false;
    const off = publicSurvey({ triggers: { audienceTargeting: { enabled: false, kind: 'view', id: '' } } });
    expect(decide(off, context({ member: () => (asked = true) }))).toBe('show');
    const old = publicSurvey();
    delete (old.displayTriggers as Partial<typeof old.displayTriggers>).audienceTargeting;
    expect(decide(old, context({ member: () => (asked = true) }))).toBe('show');
    expect(asked).toBe(false);
  });

  it('does not roll the sample for a visitor that failed an earlier check', () => {
    let rolled = false;
    const survey = publicSurvey({ triggers: { deviceTarget: 'desktop-only' } });
    decide(survey, context({ device: 'mobile', sampled: () => (rolled = true) }));
    expect(rolled).toBe(false);
  });
});

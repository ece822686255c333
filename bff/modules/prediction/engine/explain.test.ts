import { describe, expect, it } from 'vitest';
import { DEFAULT_DISCOVERY_SETTINGS, DEFAULT_MODEL_SETTINGS, EXPLANATION_LEVERS, type ModelSettings } from '@domain/models/settings';
import { fixtureInput, only, request } from './fixture';
import { tidy } from './explain';
import { buildIndex, explain, rank } from './index';
import type { ExplainContext, RankedItem } from './types';

const index = buildIndex(fixtureInput());
const ranked = rank(index, request({ topK: 8 }), DEFAULT_DISCOVERY_SETTINGS);

function context(overrides: Partial<ModelSettings['explanation']> = {}, extra: Partial<ExplainContext> & Partial<Pick<ModelSettings, 'bannedPhrases' | 'requiredPhrases'>> = {}): ExplainContext {
  const { bannedPhrases = [], requiredPhrases = [], ...rest } = extra;
  return {
    settings: { explanation: { ...DEFAULT_MODEL_SETTINGS.explanation, ...overrides }, bannedPhrases, requiredPhrases },
    channel: null,
    margin: Number.POSITIVE_INFINITY,
    personal: false,
    ...rest,
  };
}

const item = (id: string, items: RankedItem[] = ranked) => {
  const found = items.find((entry) => entry.id === id);
  if (!found) throw new Error(`${id} not ranked`);
  return found;
};

describe('explain', () => {
  it('renders the real evidence', () => {
    const [jacket] = rank(index, request(), only({ viewingPatterns: 100 }));
    expect(explain(jacket, context({ brandPersonality: 0 })).explanation).toBe('Viewed by 3 people who also viewed Trail Runner.');
    const [bottle] = rank(index, request(), only({ trendingContent: 100 }));
    expect(explain(bottle, context({ brandPersonality: 0 })).explanation).toBe('Views up 36x in 24 h.');
    const [boot] = rank(index, request(), only({ trustSafety: 100 }));
    expect(explain(boot, context({ brandPersonality: 0 })).explanation).toBe('Rated 4.8 from 301 reviews.');
    const [shoe] = rank(index, request({ filters: { category: 'Running' } }), only({ supplyDemand: 100 }));
    expect(explain(shoe, context({ brandPersonality: 0 })).explanation).toBe('In stock (84).');
    const [match] = rank(index, request({ query: 'running shoes', userId: null }), only({ contentDiscovery: 100 }));
    expect(explain(match, context({ brandPersonality: 0 })).explanation).toBe('Matches “running shoes”.');
  });

  it('names only signals that contributed, and gives every contribution as a reason', () => {
    for (const entry of ranked) {
      const { explanation, reasons } = explain(entry, context());
      expect(reasons.map((reason) => reason.signal)).toEqual(entry.contributions.map((contribution) => contribution.signal));
      expect(reasons.map((reason) => reason.contribution)).toEqual(entry.contributions.map((contribution) => contribution.value));
      // The signals named are the top three contributions (contentCalibration 70 %) and nothing else.
      const named = reasons.filter((reason) => explanation.toLowerCase().includes(reason.evidence.toLowerCase()));
      expect(named.length).toBeGreaterThan(0);
      expect(named.every((reason) => entry.contributions.slice(0, 3).some((contribution) => contribution.signal === reason.signal))).toBe(true);
    }
    const [bottle] = rank(index, request(), only({ trendingContent: 100 }));
    expect(explain(bottle, context()).explanation).not.toMatch(/stock|rated|viewed by|price|deliver/i);
  });

  it('gives as many reasons as contentCalibration asks', () => {
    const boots = item('i04');
    const clauses = (calibration: number) => {
      const { explanation, reasons } = explain(boots, context({ contentCalibration: calibration, brandPersonality: 0, toneConsistency: 100 }));
      return reasons.filter((reason) => explanation.toLowerCase().includes(reason.evidence.toLowerCase())).length;
    };
    expect([clauses(0), clauses(50), clauses(100)]).toEqual([1, 2, 3]);
  });

  it('speaks to the person when the request named one and audienceAdaptation is up', () => {
    const [jacket] = rank(index, request(), only({ viewingPatterns: 100 }));
    const personal = explain(jacket, context({ brandPersonality: 0 }, { personal: true })).explanation;
    expect(personal).toBe('3 people who viewed Trail Runner, as you did, also viewed this.');
    expect(explain(jacket, context({ brandPersonality: 0, audienceAdaptation: 0 }, { personal: true })).explanation).toBe('Viewed by 3 people who also viewed Trail Runner.');
  });

  it('fits the length to the channel with crossChannelHarmony', () => {
    const socks = item('i04');
    const sms = explain(socks, context({}, { channel: 'sms' })).explanation;
    const web = explain(socks, context({}, { channel: 'web' })).explanation;
    const email = explain(socks, context({}, { channel: 'email' })).explanation;
    expect(sms.length).toBeLessThan(web.length);
    expect(web.length).toBeLessThan(email.length);
    expect(email).toContain('That is why Running Socks made the list.');
    expect(explain(socks, context({ crossChannelHarmony: 0 }, { channel: 'sms' })).explanation).toBe(web);
  });

  it('sets the warmth with brandPersonality', () => {
    const socks = item('i04');
    const plain = explain(socks, context({ brandPersonality: 0, toneConsistency: 100 })).explanation;
    expect(plain).toMatch(/^Delivers in 1 day/);
    expect(explain(socks, context({ brandPersonality: 50, toneConsistency: 100 })).explanation).toBe(`Why this: ${plain.charAt(0).toLowerCase()}${plain.slice(1)}`);
    expect(explain(socks, context({ brandPersonality: 100, toneConsistency: 100 }, { personal: true })).explanation).toMatch(/^Picked for you! /);
  });

  it('hedges when the margin to the next item is small, per voiceEvolution', () => {
    const socks = item('i04');
    const close = context({ voiceEvolution: 100 }, { margin: 0.001 });
    expect(explain(socks, close).explanation).toMatch(/It may be a good fit\.$/);
    expect(explain(socks, context({ voiceEvolution: 0 }, { margin: 0.001 })).explanation).not.toMatch(/may be a good fit/);
    expect(explain(socks, context({ voiceEvolution: 100 }, { margin: 2 })).explanation).not.toMatch(/may be a good fit/);
  });

  it('removes banned phrases and appends a required one', () => {
    const socks = item('i04');
    const strict = explain(socks, context({ brandGuidelines: 100, toneConsistency: 100, brandPersonality: 0 }, { bannedPhrases: ['NEW SELLER'], requiredPhrases: ['Free returns'] }));
    expect(strict.explanation.toLowerCase()).not.toContain('new seller');
    // Strict: the reason that carried it is replaced by the next one.
    expect(strict.explanation).toBe('Delivers in 1 day, in Running, the focus of 3 of 3 recent interactions, and in stock (500). Free returns.');
    for (const reason of strict.reasons) expect(reason.evidence.toLowerCase()).not.toContain('new seller');
    const lenient = explain(socks, context({ brandGuidelines: 0, toneConsistency: 100, brandPersonality: 0 }, { bannedPhrases: ['new seller'] }));
    expect(lenient.explanation).toBe('Delivers in 1 day, from a (first seen 7 days ago), hardly shown yet (0 impressions), and in Running, the focus of 3 of 3 recent interactions.');
    expect(lenient.explanation).not.toContain('new seller');
    const present = explain(socks, context({}, { requiredPhrases: ['Delivers'] }));
    expect(present.explanation.match(/Delivers/gi)).toHaveLength(1);
    expect(explain(socks, context({ messagingAlignment: 0 }, { bannedPhrases: ['new seller'], requiredPhrases: ['Free returns'] })).explanation).toContain('new seller');
  });

  it('varies phrasing by item when toneConsistency is low, deterministically', () => {
    const loose = ranked.map((entry) => explain(entry, context({ toneConsistency: 0 })).explanation);
    expect(ranked.map((entry) => explain(entry, context({ toneConsistency: 0 })).explanation)).toEqual(loose);
    const leads = (texts: string[]) => new Set(texts.map((text) => text.split('!')[0]));
    expect(leads(loose).size).toBeGreaterThan(1);
    expect(leads(ranked.map((entry) => explain(entry, context({ toneConsistency: 100 })).explanation)).size).toBe(1);
  });

  it('changes wording, never ranking: explanation levers do not reach rank', () => {
    const extremes = EXPLANATION_LEVERS.flatMap((lever) => [0, 100].map((value) => ({ ...DEFAULT_MODEL_SETTINGS.explanation, [lever]: value })));
    const texts = new Set<string>();
    for (const explanation of extremes) {
      // rank takes only the Discovery levers: the order is the same whatever the wording.
      const answer = rank(index, request({ topK: 8 }), DEFAULT_DISCOVERY_SETTINGS);
      expect(answer.map((entry) => entry.id)).toEqual(ranked.map((entry) => entry.id));
      const rendered = answer.map((entry, position) =>
        explain(entry, {
          settings: { explanation, bannedPhrases: [], requiredPhrases: [] },
          channel: 'email',
          margin: position + 1 < answer.length ? entry.score - answer[position + 1].score : Number.POSITIVE_INFINITY,
          personal: true,
        }),
      );
      // Reasons (signals and contributions) never depend on the wording levers.
      expect(rendered.map((entry) => entry.reasons.map((reason) => [reason.signal, reason.contribution]))).toEqual(
        answer.map((entry) => entry.contributions.map((contribution) => [contribution.signal, contribution.value])),
      );
      texts.add(rendered.map((entry) => entry.explanation).join('\n'));
    }
    expect(texts.size).toBeGreaterThan(5);
  });

  it('explains a fill-up item without popularity as completing the list', () => {
    const bare: RankedItem = { id: 'x', title: 'X', score: 0, relevance: 0, contributions: [], source: 'popular', category: null, price: null, tags: [] };
    expect(explain(bare, context({ brandPersonality: 0 })).explanation).toBe('Added to complete the list.');
  });
});

describe('tidy', () => {
  /** The five replacements tidy makes, applied to every text. */
  const tidiedInFull = (text: string) =>
    text
      .replace(/\s+/g, ' ')
      .replace(/\s+([.,;:!)])/g, '$1')
      .replace(/\(\s*\)/g, '')
      .replace(/([,;:])(?=[.,;:!])/g, '')
      .replace(/^[\s.,;:!]+/, '')
      .trim();

  it('answers what the full replacements answer, also for the texts it returns untouched', () => {
    const alphabet = ['a', 'b', ' ', ' ', '\t', '\n', '\u00a0', '.', ',', ';', ':', '!', '(', ')', '?', '%'];
    let seed = 7;
    const random = () => {
      seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
      return seed / 4_294_967_296;
    };
    let untouched = 0;
    for (let run = 0; run < 20_000; run++) {
      const text = Array.from({ length: 1 + Math.floor(random() * 12) }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
      expect(tidy(text), JSON.stringify(text)).toBe(tidiedInFull(text));
      if (tidiedInFull(text) === text) untouched++;
    }
    // Both kinds of text were met: some left as they are, most changed.
    expect(untouched).toBeGreaterThan(100);
  });
});

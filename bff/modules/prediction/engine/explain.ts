/**
 * explain: words for an item's top contributions, from the evidence rank recorded. The
 * RECsplanation levers choose among phrasings only; they never see or change scores or order.
 *
 *   toneConsistency     ≥ 50 %: every explanation uses the first pattern; below, a hash of the item id picks one.
 *   brandPersonality    warmth: < 34 % facts only, < 67 % a neutral lead-in, else a warm one.
 *   contentCalibration  reasons given: < 34 % one, < 67 % two, else three.
 *   audienceAdaptation  ≥ 50 % and the request named a person: "you viewed" rather than "people viewed".
 *   voiceEvolution      hedges when the gap to the next item is under (lever × 20 %) of the item's score.
 *   crossChannelHarmony ≥ 50 %: sms and push get one short reason, email three and a closing line, web as calibrated.
 *   messagingAlignment  > 0 %: banned phrases go; ≥ 50 %: a required phrase is appended when none is present.
 *   brandGuidelines     ≥ 50 % (strict): a reason containing a banned phrase is replaced by the next reason, and
 *                       phrases match in any case; below, only exact-case occurrences are cut out.
 */
import { stableHash } from './hash';
import type { Contribution, Explanation, ExplainContext, RankedItem } from './types';

type Evidence = Contribution['evidence'];

const HEDGE_SHARE = 0.2;
const MAX_REASONS = 3;

interface Voice {
  personal: boolean;
  /** Which phrasing of each template; 0 when the tone is kept consistent. */
  variant: number;
}

// Made once: constructing an Intl.NumberFormat costs far more than formatting with one.
const WHOLE = new Intl.NumberFormat('en-US');
const DECIMAL = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
/** Formatted numbers by value: evidence repeats the same few (counts, ratings, percentages) on every call. */
const formatted = new Map<number, string>();
const FORMATTED_MAX = 4_096;
const number = (value: string | number | undefined) => {
  if (typeof value !== 'number') return String(value ?? '');
  // A Map holds 0 and -0 as one key, but they format differently ("-0").
  if (Object.is(value, -0)) return WHOLE.format(value);
  let text = formatted.get(value);
  if (text === undefined) {
    text = Number.isInteger(value) ? WHOLE.format(value) : DECIMAL.format(value);
    if (formatted.size >= FORMATTED_MAX) formatted.clear();
    formatted.set(value, text);
  }
  return text;
};
const plural = (count: string | number | undefined, one: string, many: string) => `${number(count)} ${count === 1 ? one : many}`;
const pick = <T,>(options: T[], variant: number) => options[variant % options.length];
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const range = (evidence: Evidence) => `${number(evidence.low)}–${number(evidence.high)}`;

/** One sentence fragment per signal, starting with a capital letter and without final punctuation. */
const CLAUSES: Record<Contribution['signal'], (evidence: Evidence, voice: Voice) => string> = {
  contentDiscovery: (evidence, { personal, variant }) => {
    if (evidence.matched) return pick([`Matches “${evidence.matched}”`, `Fits your search for “${evidence.matched}”`], variant);
    const tags = String(evidence.sharedTags ?? '');
    const noun = tags.includes(',') ? 'tags' : 'tag';
    return personal ? `Shares the ${noun} ${tags} with items you viewed` : `Shares the ${noun} ${tags} with recently viewed items`;
  },
  viewingPatterns: ({ viewers, anchorTitle }, { personal, variant }) => {
    const people = plural(viewers, 'person', 'people');
    if (personal) return pick([`${people} who viewed ${anchorTitle}, as you did, also viewed this`, `You viewed ${anchorTitle}; ${people} who did also viewed this`], variant);
    return pick([`Viewed by ${people} who also viewed ${anchorTitle}`, `${people} who viewed ${anchorTitle} viewed this too`], variant);
  },
  trendingContent: ({ ratio, last24h }, { variant }) => {
    if (ratio !== undefined) return pick([`Views up ${number(ratio)}x in 24 h`, `${number(ratio)}x more views in 24 h than usual`], variant);
    return pick([`${plural(last24h, 'view', 'views')} in the last 24 h`, `Viewed ${plural(last24h, 'time', 'times')} in the last 24 h`], variant);
  },
  genreBased: ({ genre, interactions, of }, { personal }) =>
    personal ? `Matches your interest in ${genre} (${number(interactions)} of your ${plural(of, 'interaction', 'interactions')})` : `In ${genre}, the focus of ${number(interactions)} of ${plural(of, 'recent interaction', 'recent interactions')}`,
  fairExposure: ({ shortfallPercent }, { variant }) =>
    pick([`From a seller shown ${shortfallPercent} % less than their fair share`, `Gives a less-seen seller a fair turn (${shortfallPercent} % below their share)`], variant),
  coldStartSellers: ({ sellerAgeDays, impressions }) => {
    const age = sellerAgeDays === undefined ? null : sellerAgeDays === 0 ? 'first seen today' : `first seen ${plural(sellerAgeDays, 'day', 'days')} ago`;
    const shown = impressions === undefined ? null : `hardly shown yet (${plural(impressions, 'impression', 'impressions')})`;
    if (age && shown) return `From a new seller (${age}), ${shown}`;
    if (age) return `From a new seller (${age})`;
    return upperFirst(shown ?? '');
  },
  trustSafety: ({ rating, reviews }, { variant }) =>
    pick([`Rated ${number(rating)} from ${plural(reviews, 'review', 'reviews')}`, `${number(rating)} stars from ${plural(reviews, 'review', 'reviews')}`], variant),
  supplyDemand: ({ stock }, { variant }) => pick([`In stock (${number(stock)})`, `${number(stock)} in stock`], variant),
  priceElasticity: (evidence, { personal }) => (personal ? `In your usual price range (${range(evidence)})` : `In the price range this shopper usually buys in (${range(evidence)})`),
  deliveryAware: ({ deliveryDays, region }) => {
    const days = deliveryDays === undefined ? '' : deliveryDays === 0 ? ' the same day' : ` in ${plural(deliveryDays, 'day', 'days')}`;
    return `Delivers${region === undefined ? '' : ` to ${region}`}${days}`;
  },
  twoSidedMatchmaking: (evidence, { personal }) => {
    const audience = `${evidence.sharePercent} % of the ${plural(evidence.audience, 'person', 'people')} who engaged with it`;
    const trait = evidence.trait === 'category' ? `favour ${evidence.genre}` : `shop in the ${range(evidence)} range`;
    return `${audience} ${trait}, ${personal ? 'like you' : 'like this shopper'}`;
  },
  customAttributes: ({ matched }) => `Matches ${matched}`,
  popularity: ({ interactions }, { variant }) => pick([`Popular, with ${plural(interactions, 'interaction', 'interactions')}`, `${plural(interactions, 'interaction', 'interactions')} so far`], variant),
  // Levers that shape the list rather than score an item never appear as contributions.
  // Only ever a negative contribution: the reason an item sits lower than its relevance would put it.
  intentDiversification: ({ likeTitle, similarityPercent }) =>
    likeTitle === undefined ? 'Placed lower to keep the list varied' : `Placed lower for variety: ${similarityPercent} % alike with ${likeTitle} above it`,
};

const LEADS = {
  neutral: ['Why this: ', 'Recommended: ', 'Our pick: '],
  warmPersonal: ['Picked for you! ', 'You might love this! ', 'A great match for you! '],
  warm: ['A great find! ', 'Worth a look! ', 'Something special! '],
};

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function joinClauses(clauses: string[], variant: number): string {
  if (clauses.length <= 1) return clauses[0] ?? '';
  const style = variant % 3;
  if (style === 1) return [clauses[0], ...clauses.slice(1).map(lowerFirst)].join('; ');
  if (style === 2) return clauses.join('. ');
  const head = [clauses[0], ...clauses.slice(1, -1).map(lowerFirst)].join(', ');
  return `${head}${clauses.length > 2 ? ',' : ''} and ${lowerFirst(clauses[clauses.length - 1])}`;
}

/**
 * Whatever tidy would change: whitespace other than one space between words, a space before
 * punctuation, empty brackets, doubled punctuation, a leading mark. Most texts have none, and one
 * search costs far less than the five replacements (a test holds the two to the same answers).
 */
const UNTIDY = /[^\S ]| \s|\s[.,;:!)]|\(\s*\)|[,;:][.,;:!]|^[\s.,;:!]|\s$/;

export function tidy(text: string): string {
  if (!UNTIDY.test(text)) return text;
  return text
    .replace(/\s+/g, ' ')
    .replace(/\s+([.,;:!)])/g, '$1')
    .replace(/\(\s*\)/g, '')
    .replace(/([,;:])(?=[.,;:!])/g, '')
    .replace(/^[\s.,;:!]+/, '')
    .trim();
}

function containsPhrase(text: string, phrase: string, strict: boolean): boolean {
  return strict ? text.toLowerCase().includes(phrase.toLowerCase()) : text.includes(phrase);
}

function removePhrases(text: string, phrases: string[], strict: boolean): string {
  let result = text;
  for (const phrase of phrases) {
    if (!phrase.trim()) continue;
    result = result.replace(new RegExp(escape(phrase.trim()), strict ? 'gi' : 'g'), '');
  }
  return tidy(result);
}

/** The clause a reason carries in the API: the canonical (first, impersonal) phrasing. */
export function reasonEvidence(contribution: Contribution): string {
  return CLAUSES[contribution.signal](contribution.evidence, { personal: false, variant: 0 });
}

export function explain(item: RankedItem, context: ExplainContext): Explanation {
  const levers = context.settings.explanation;
  const banned = levers.messagingAlignment > 0 ? context.settings.bannedPhrases.filter((phrase) => phrase.trim()) : [];
  const required = levers.messagingAlignment >= 50 ? context.settings.requiredPhrases.filter((phrase) => phrase.trim()) : [];
  const strict = levers.brandGuidelines >= 50;
  const seed = stableHash(item.id);
  const consistent = levers.toneConsistency >= 50;
  const variantOf = (salt: number) => (consistent ? 0 : (seed >>> salt) & 0xff);
  const voice: Voice = { personal: context.personal && levers.audienceAdaptation >= 50, variant: variantOf(0) };

  const channel = levers.crossChannelHarmony >= 50 ? (context.channel ?? '').trim().toLowerCase() : '';
  const length = channel === 'sms' || channel === 'push' ? 'short' : channel === 'email' ? 'long' : 'medium';
  const calibrated = levers.contentCalibration < 34 ? 1 : levers.contentCalibration < 67 ? 2 : MAX_REASONS;
  const reasonCount = length === 'short' ? 1 : length === 'long' ? MAX_REASONS : calibrated;

  // The wording gives reasons for the item; a negative share (diversification) is listed in reasons only.
  const clauses = item.contributions
    .filter((contribution) => contribution.value > 0)
    .map((contribution) => CLAUSES[contribution.signal](contribution.evidence, voice))
    .filter((clause) => !(strict && banned.some((phrase) => containsPhrase(clause, phrase, true))))
    .slice(0, reasonCount);
  if (!clauses.length) clauses.push(voice.personal ? 'Added to complete your list' : 'Added to complete the list');

  const warmth = levers.brandPersonality;
  const lead =
    length === 'short' || warmth < 34 ? '' : warmth < 67 ? pick(LEADS.neutral, variantOf(8)) : pick(voice.personal ? LEADS.warmPersonal : LEADS.warm, variantOf(8));
  const body = joinClauses(clauses, variantOf(16));
  let text = `${lead}${lead.endsWith(': ') ? lowerFirst(body) : upperFirst(body)}.`;

  const hedgeLimit = item.score * HEDGE_SHARE * (levers.voiceEvolution / 100);
  if (Number.isFinite(context.margin) && context.margin >= 0 && context.margin < hedgeLimit) {
    text += ` ${pick(voice.personal ? ['It may suit you.', 'It could be right for you.'] : ['It may be a good fit.', 'It could be worth a look.'], variantOf(24))}`;
  }
  if (length === 'long') text += voice.personal ? ` That is why we think you will like ${item.title}.` : ` That is why ${item.title} made the list.`;

  text = removePhrases(text, banned, strict);
  if (required.length && !required.some((phrase) => containsPhrase(text, phrase, true))) {
    const phrase = required[0].trim();
    text = `${text}${/[.!?]$/.test(text) ? '' : '.'} ${phrase}${/[.!?]$/.test(phrase) ? '' : '.'}`;
  }

  return {
    explanation: text,
    reasons: item.contributions.map((contribution) => ({
      signal: contribution.signal,
      contribution: contribution.value,
      evidence: removePhrases(reasonEvidence(contribution), banned, strict),
    })),
  };
}

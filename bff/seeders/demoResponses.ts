/**
 * The demo surveys' responses, so InsightIQ has something to show on a fresh start: every demo
 * published survey is answered for the days it ran within the last 90 (the running ones up to
 * now), more on recent days and on weekdays, at the hours shoppers and patients are awake.
 *
 * Deterministic like the other demo seeders: the same UTC day gives the same responses (ids
 * aside), from a seeded generator per survey. Each respondent has a mood that their ratings, scores
 * and comments follow; about 80 % finish (the others stop part way); devices are about 55 %
 * desktop, 38 % mobile and 7 % tablet with matching browsers; addresses are truncated as the
 * default collection settings keep them, and about a quarter of responses come from a returning
 * visitor. Every answer passes answerError and respects the survey's conditions (checked here
 * before anything is stored), and each survey's response count is its completed responses.
 */
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { answerError, lengthRange, numberRange, ratingMax } from '@domain/survey/answers';
import { CHOICE_TYPES, MULTI_SELECT_TYPES } from '@domain/survey/defaults';
import { endsAt } from '@domain/survey/lifecycle';
import type { Answer, Answers, Question } from '@domain/survey/types';
import { visibleQuestionIds } from '@domain/survey/visibility';
import type { DeviceType } from '@domain/survey/collection';
import { PublishedSurvey, type Company } from '../entities';
import { storeResponses } from '../modules/responses';
import { randomSource } from '@domain/random';

type CompanyKey = 'navout' | 'acme' | 'globex';
type Random = () => number;

const DAY_MS = 86_400_000;
export const DEMO_RESPONSE_DAYS = 90;

/** Responses per day on an ordinary recent weekday, by company (a B2B platform sees fewer). */
const DAILY_RESPONSES: Record<CompanyKey, number> = { navout: 10, acme: 24, globex: 18 };
/** Some surveys are answered more than others: a launch is popular, a score is quick. */
const SURVEY_WEIGHT: Array<[pattern: RegExp, weight: number]> = [
  [/onboarding|profile/i, 2.4],
  [/NPS/i, 1.6],
];
/** Sunday to Saturday. */
const WEEKDAY_WEIGHT = [0.45, 1.1, 1, 1, 1, 0.85, 0.55];
/** UTC hours: the demo companies are in the US, awake from about 12:00 to 04:00 UTC. */
const HOUR_WEIGHT = [5, 4, 3, 2, 1, 1, 1, 1, 1, 1, 2, 3, 5, 7, 8, 9, 9, 9, 8, 8, 9, 9, 8, 7].map((weight, hour) => [hour, weight] as const);

const DEVICES: Array<[DeviceType, number]> = [
  ['desktop', 55],
  ['mobile', 38],
  ['tablet', 7],
];
const USER_AGENTS: Record<DeviceType, string[]> = {
  desktop: [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
    'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  ],
  mobile: [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1',
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
    'Mozilla/5.0 (Linux; Android 14; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  ],
  tablet: [
    'Mozilla/5.0 (iPad; CPU OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  ],
};

const FIRST_NAMES = ['Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Mateo', 'Sophia', 'Lucas', 'Mia', 'Ethan', 'Priya', 'Wei', 'Fatima', 'Diego', 'Yuki', 'Kwame', 'Ingrid', 'Omar', 'Chloe', 'Rafael'];
const LAST_NAMES = ['Smith', 'Johnson', 'Garcia', 'Miller', 'Davis', 'Martinez', 'Lee', 'Patel', 'Nguyen', 'Kim', 'Okafor', 'Schmidt', 'Rossi', 'Silva', 'Cohen', 'Novak'];
const MAIL_DOMAINS = ['mail.example', 'inbox.example', 'post.example'];

/** Comments by question, happy and unhappy: the respondent's mood picks the list. */
const COMMENTS: Record<string, { happy: string[]; unhappy: string[] }> = {
  q_improve: {
    happy: ['Saved filters on the records page would be great.', 'A dark mode for late evenings.', 'Let us schedule the CSV exports.', 'More chart types on the overview.', 'Honestly it works well, keep going.'],
    unhappy: ['Pages take a while to load with big imports.', 'Finding the API settings took me ages.', 'The mapping step is confusing the first time.', 'Too many clicks to start a survey.'],
  },
  q_review: {
    happy: ['Looks even better in person.', 'Sturdy and easy to assemble.', 'Great value for the price.', 'The colour matches the photos exactly.', 'Arrived quickly and well packed.'],
    unhappy: ['Smaller than I expected.', 'One of the legs was scratched.', 'The fabric feels thinner than described.', 'Assembly instructions were unclear.'],
  },
  q_visit_notes: {
    happy: ['Everyone was friendly and on time.', 'The nurse explained everything clearly.', 'Easy parking and a quick check-in.', 'Dr. Lee was very thorough.'],
    unhappy: ['The waiting room was very crowded.', 'I waited 40 minutes past my appointment.', 'Hard to reach anyone by phone beforehand.', 'The check-in kiosk was not working.'],
  },
  q_reason: {
    happy: ['Good service overall.', 'Helpful staff and fair prices.', 'Reliable, but room to improve.', 'Mostly positive experiences.'],
    unhappy: ['Support was slow to answer.', 'Prices went up recently.', 'Had problems with my last order.', 'Too hard to reach a person.'],
  },
  q_help: {
    happy: ['A short video tour would help.', 'A checklist for the first week.'],
    unhappy: ['Someone to call when I get stuck.', 'Clearer explanations of each step.', 'More examples from companies like mine.', 'A live walkthrough with your team.'],
  },
};
const GENERIC_COMMENTS = { happy: ['All good, thank you!', 'Very happy so far.', 'Nothing to add.'], unhappy: ['Could be better.', 'Not quite what I expected.', 'Please follow up with me.'] };

const pick = <T>(random: Random, values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
const between = (random: Random, min: number, max: number) => min + Math.floor(random() * (max - min + 1));

function weighted<T>(random: Random, entries: ReadonlyArray<readonly [T, number]>): T {
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  let point = random() * total;
  for (const [value, weight] of entries) {
    point -= weight;
    if (point < 0) return value;
  }
  return entries[entries.length - 1]![0];
}

/** A standard normal value (Box-Muller), for times that cluster around a typical one. */
function gaussian(random: Random): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/** A stable 32-bit seed for a survey of a day (FNV-1a of its name and the day). */
function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  return hash >>> 0;
}

/** `length` hexadecimal digits (a multiple of 8), eight from each draw. */
function hex(random: Random, length: number): string {
  let text = '';
  while (text.length < length) text += Math.floor(random() * 4_294_967_296).toString(16).padStart(8, '0');
  return text;
}
const pad = (value: number) => String(value).padStart(2, '0');

interface Visitor {
  visitorId: string;
  ipAddress: string;
  deviceType: DeviceType;
  userAgent: string;
  email: string | null;
  name: string;
}

function newVisitor(random: Random, identified: boolean): Visitor {
  const deviceType = weighted(random, DEVICES);
  const first = pick(random, FIRST_NAMES);
  const last = pick(random, LAST_NAMES);
  return {
    visitorId: hex(random, 32),
    // Truncated as the default collection settings keep addresses: the last octet is zero.
    ipAddress: `${between(random, 24, 212)}.${between(random, 0, 255)}.${between(random, 0, 255)}.0`,
    deviceType,
    userAgent: pick(random, USER_AGENTS[deviceType]),
    email: identified ? `${first}.${last}${between(random, 1, 99)}@${pick(random, MAIL_DOMAINS)}`.toLowerCase() : null,
    name: first,
  };
}

/** A rating from 1 to max that follows the mood (0 unhappy to 1 delighted). */
function ratingFor(random: Random, max: number, mood: number): number {
  return Math.min(max, Math.max(1, Math.round(1 + (max - 1) * mood + gaussian(random) * 0.6)));
}

/** An answer to one question, or undefined to skip it. */
function answerFor(question: Question, random: Random, mood: number, visitor: Visitor, created: number): Answer | undefined {
  const optional = !question.required;
  const skipChance = question.type === 'textarea' ? 0.5 : 0.25;
  if (optional && random() < skipChance) return undefined;
  switch (question.type) {
    case 'rating':
      return ratingFor(random, ratingMax(question), mood);
    case 'number': {
      const { min, max, step } = numberRange(question);
      const steps = Math.floor((max - min) / step);
      // A 0-10 score follows the mood; other quantities are mostly small.
      const share = question.id === 'q_score' ? Math.min(1, Math.max(0, mood + gaussian(random) * 0.1)) : random() ** 3;
      return min + Math.round(share * steps) * step;
    }
    case 'yes-no':
      return random() < 0.35 + mood * 0.45 ? 'yes' : 'no';
    case 'text': {
      const text = question.id === 'q_name' ? visitor.name : pick(random, ['Good', 'Fine, thanks', 'Quick question about my order']);
      return text.slice(0, lengthRange(question).max);
    }
    case 'email':
      return visitor.email ?? `${visitor.name.toLowerCase()}.${hex(random, 4)}@${pick(random, MAIL_DOMAINS)}`;
    case 'textarea': {
      const phrases = COMMENTS[question.id] ?? GENERIC_COMMENTS;
      return pick(random, mood >= 0.6 ? phrases.happy : phrases.unhappy).slice(0, lengthRange(question).max);
    }
    case 'date': {
      const day = new Date(created + between(random, 3, 60) * DAY_MS);
      const date = day.toISOString().slice(0, 10);
      const time = `${pad(between(random, 8, 18))}:${pick(random, ['00', '15', '30', '45'])}`;
      const format = question.settings.dateFormat ?? 'date';
      return format === 'time' ? time : format === 'datetime-local' ? `${date}T${time}` : date;
    }
    default: {
      if (!question.options.length) return undefined;
      // Earlier options are chosen a little more often, as they usually are.
      const popularity = question.options.map((option, index) => [option, 1 / (index + 1.5)] as const);
      if (MULTI_SELECT_TYPES.includes(question.type)) {
        const chosen = new Set<string>();
        const count = Math.min(question.options.length, weighted(random, [[1, 5], [2, 4], [3, 2]] as const));
        while (chosen.size < count) chosen.add(weighted(random, popularity));
        return question.options.filter((option) => chosen.has(option));
      }
      if (CHOICE_TYPES.includes(question.type)) return weighted(random, popularity);
      return undefined;
    }
  }
}

/**
 * The answers of one respondent, in survey order, seeing only what the conditions show them, each
 * checked as the collection route checks it (a demo that the product would refuse is a bug here).
 */
function answersFor(questions: readonly Question[], random: Random, mood: number, visitor: Visitor, created: number, complete: boolean): Answers {
  const answers: Answers = {};
  // Someone who stops part way answers some of the questions they see, then leaves.
  const stopAfter = complete ? Infinity : between(random, 1, Math.max(1, questions.length - 1));
  let answered = 0;
  for (const question of questions) {
    // Conditions look only at earlier questions, which are answered by now.
    if (!visibleQuestionIds(questions, answers).has(question.id)) continue;
    if (answered >= stopAfter) break;
    // Only optional questions are skipped, so a complete response has every required answer.
    const answer = answerFor(question, random, mood, visitor, created);
    const error = answer === undefined && !complete ? null : answerError(question, answer);
    if (error) throw new Error(`The demo answer to "${question.title}" is not acceptable: ${error}`);
    if (answer === undefined) continue;
    answers[question.id] = answer;
    answered += 1;
  }
  return answers;
}

/** A response's stored fields, before its ids are given. */
export interface DemoResponse {
  visitorId: string;
  ipAddress: string;
  deviceType: DeviceType;
  userAgent: string;
  pageUrl: string;
  identifiers: Record<string, string>;
  answers: Record<string, Answer>;
  startedAt: Date;
  completedAt: Date | null;
  completionTimeSeconds: number | null;
  isComplete: boolean;
  writeTokenHash: string;
  createdAt: Date;
  updatedAt: Date;
}

/** When a demo survey collected responses: from its start (within the window) to now or its end. */
function collectionWindow(survey: PublishedSurvey, now: Date): { from: number; to: number } | null {
  const started = (survey.startedAt ?? survey.publishedAt).getTime();
  const from = Math.max(started, now.getTime() - DEMO_RESPONSE_DAYS * DAY_MS);
  const state = { endCondition: survey.endCondition, startedAt: survey.startedAt?.toISOString() ?? null };
  const end = endsAt(state)?.getTime() ?? null;
  // A stopped survey without a date or days condition: when it stopped is not known.
  if (survey.status !== 'active' && end === null) return null;
  const to = Math.min(now.getTime(), end ?? Infinity);
  return to > from ? { from, to } : null;
}

/** The responses of one demo survey for the UTC day of `now`: pure, so it can be checked. */
export function demoResponsesFor(key: CompanyKey, survey: PublishedSurvey, now: Date): DemoResponse[] {
  const window = collectionWindow(survey, now);
  if (!window) return [];
  const questions = survey.survey.questions;
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const random = randomSource(seedOf(`${key}:${survey.name}:${today}`));
  const weight = SURVEY_WEIGHT.find(([pattern]) => pattern.test(survey.name))?.[1] ?? 1;
  const identifiedShare = key === 'navout' ? 0.7 : 0.35;
  const visitors: Visitor[] = [];
  const responses: DemoResponse[] = [];
  // A response limit ends the survey: stay below it so the running one keeps running.
  const limit = survey.endCondition?.type === 'responses' ? Number(survey.endCondition.value) - 1 : Infinity;
  let completed = 0;

  for (let day = Math.floor(window.from / DAY_MS) * DAY_MS; day <= window.to; day += DAY_MS) {
    const daysAgo = (today - day) / DAY_MS;
    const recency = 0.35 + 0.65 * (1 - daysAgo / DEMO_RESPONSE_DAYS) ** 1.5;
    const expected = DAILY_RESPONSES[key] * weight * recency * WEEKDAY_WEIGHT[new Date(day).getUTCDay()]!;
    const count = Math.max(0, Math.round(expected * (0.75 + random() * 0.5)));
    const times = Array.from({ length: count }, () => day + weighted(random, HOUR_WEIGHT) * 3_600_000 + between(random, 0, 3_599) * 1000).sort((a, b) => a - b);
    for (const created of times) {
      if (created < window.from || created > window.to) continue;
      const returning = visitors.length > 0 && random() < 0.25;
      const visitor = returning ? pick(random, visitors) : newVisitor(random, random() < identifiedShare);
      if (!returning) visitors.push(visitor);
      const mood = Math.min(1, Math.max(0, 0.72 + gaussian(random) * 0.25));
      let complete = random() < 0.8 && completed < limit;
      const answers = answersFor(questions, random, mood, visitor, created, complete);
      const seconds = Math.min(600, Math.max(20, Math.round(Object.keys(answers).length * 16 * Math.exp(gaussian(random) * 0.45))));
      // Still answering at the window's end: counted as started, not complete.
      if (complete && created + seconds * 1000 > window.to) complete = false;
      if (complete) completed += 1;
      const finished = complete ? new Date(created + seconds * 1000) : null;
      responses.push({
        visitorId: visitor.visitorId,
        ipAddress: visitor.ipAddress,
        deviceType: visitor.deviceType,
        userAgent: visitor.userAgent,
        pageUrl: `https://www.${key}.example${pick(random, survey.displayTriggers.pageTargeting.enabled ? survey.displayTriggers.pageTargeting.urlPatterns : ['/', '/products', '/account', '/help'])}`,
        identifiers: visitor.email ? { user_email: visitor.email } : {},
        answers: answers as Record<string, Answer>,
        startedAt: new Date(created),
        completedAt: finished,
        completionTimeSeconds: complete ? seconds : null,
        isComplete: complete,
        writeTokenHash: hex(random, 64),
        createdAt: new Date(created),
        updatedAt: finished ?? new Date(created),
      });
    }
  }
  return responses;
}

/** Seeds the responses of every demo company's published surveys, inside the caller's transaction; answers how many. */
export async function seedDemoResponses(em: EntityManager, companies: Record<CompanyKey, Company>, now = new Date()): Promise<number> {
  let stored = 0;
  for (const key of Object.keys(companies) as CompanyKey[]) {
    const surveys = await em.find(PublishedSurvey, { companyId: companies[key].id }, { orderBy: { publishedAt: 'asc' } });
    for (const survey of surveys) {
      const rows = demoResponsesFor(key, survey, now).map((response) => ({ id: randomUUID(), companyId: survey.companyId, surveyId: survey.id, ...response }));
      // Queued for the tally job and counted on the survey, as the collection route stores each response.
      await storeResponses(em, survey, rows);
      stored += rows.length;
    }
  }
  await em.flush();
  return stored;
}

/**
 * Validation of what the widget and the company embed screen send: the public collection bodies
 * (displays, responses) and the company's completion-trigger and collection settings. Shared by
 * the dashboard's forms and the BFF. How each answer fits its question is checked by the BFF
 * against the stored survey (answers.ts, visibility.ts), so the message can name the question.
 */
import * as yup from 'yup';
import {
  DEVICE_TYPES,
  IP_ADDRESS_MODES,
  TRIGGER_TYPES,
  type CollectionSettings,
  type DisplayOutcome,
  type IpAddressMode,
  type TriggerSettings,
  type TriggerType,
} from './collection';
import { COLLECTION_MESSAGES, TRIGGER_MESSAGES } from './messages';
import { SURVEY_LIMITS } from './limits';
import type { Answer } from './types';

export const COLLECTION_LIMITS = {
  visitorId: 64,
  identifiers: 20,
  identifierName: 100,
  identifierValue: 200,
  pageUrl: 2_000,
  userAgent: 512,
  deviceType: 20,
  token: 100,
  callbackName: 200,
  url: 2_000,
  cooldownDays: 365,
} as const;

/** What the collection API says about a body or an answer. */
export const COLLECTION_INPUT_MESSAGES = {
  visitorId: `The visitor id must be 1 to ${COLLECTION_LIMITS.visitorId} letters, digits, - or _.`,
  outcome: "The outcome must be 'shown' or 'holdout'.",
  answers: 'Answers must be an object of question ids and answers.',
  identifiers: `Identifiers must be an object of at most ${COLLECTION_LIMITS.identifiers} names with text values of at most ${COLLECTION_LIMITS.identifierValue} characters.`,
  complete: 'complete must be true or false.',
  time: (field: string) => `${field} must be a date and time in ISO 8601 with its time zone, such as 2026-06-15T12:00:00.000Z.`,
  token: 'The response token is missing.',
  unknownQuestion: (id: string) => `The survey has no question with the id "${id.slice(0, SURVEY_LIMITS.id)}".`,
  wrongType: (label: string, expected: string) => `${label} expects ${expected}.`,
  duplicateChoice: (label: string) => `${label} lists the same option more than once.`,
  hidden: (label: string) => `${label} is hidden by its conditions for these answers, so it cannot be answered.`,
  invalid: (label: string, message: string) => `${label}: ${message}`,
  webhookPrivate: 'The webhook address must not point to this server, a private network or a local address.',
  webhookHttpAllowed: 'The webhook address must start with https:// or http://',
  ipAddressMode: `Choose one of: ${IP_ADDRESS_MODES.join(', ')}.`,
  triggerType: `Choose one of: ${TRIGGER_TYPES.join(', ')}.`,
  membershipIdentifiers: `identifiers is required: an object of at most ${COLLECTION_LIMITS.identifiers} names with text values of at most ${COLLECTION_LIMITS.identifierValue} characters.`,
  membershipCompany: 'companyId must be the id of the company in the embed code.',
  membershipUnknown: 'Only identifiers and companyId may be sent.',
} as const;

const VISITOR_ID = /^[A-Za-z0-9_-]+$/;
/** A global function or a path to one (`onSurveyDone`, `myApp.surveys.onDone`). */
const FUNCTION_PATH = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/;
/** Path steps that reach into prototypes rather than the page's own objects. */
const PROTOTYPE_STEPS = new Set(['__proto__', 'prototype', 'constructor']);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;

export function isFunctionPath(value: string): boolean {
  return FUNCTION_PATH.test(value) && !value.split('.').some((step) => PROTOTYPE_STEPS.has(step));
}

/** An absolute http(s) address with a host; `protocols` without the colon. */
export function isWebAddress(value: string, protocols: readonly string[] = ['https', 'http']): boolean {
  try {
    const url = new URL(value);
    return protocols.includes(url.protocol.slice(0, -1)) && url.hostname !== '' && !url.username && !url.password;
  } catch {
    return false;
  }
}

const visitorIdSchema = () =>
  yup.string().min(1, COLLECTION_INPUT_MESSAGES.visitorId).max(COLLECTION_LIMITS.visitorId, COLLECTION_INPUT_MESSAGES.visitorId).matches(VISITOR_ID, COLLECTION_INPUT_MESSAGES.visitorId);

/** The shape only (an object keyed by question id); each answer is checked against its question. */
const answersSchema = () =>
  yup
    .mixed<Record<string, Answer>>()
    .required(COLLECTION_INPUT_MESSAGES.answers)
    .test('answers', COLLECTION_INPUT_MESSAGES.answers, (value) => {
      if (!isPlainObject(value)) return false;
      const keys = Object.keys(value);
      return keys.length <= SURVEY_LIMITS.questions && keys.every((key) => key.length > 0 && key.length <= SURVEY_LIMITS.id);
    });

const identifiersSchema = () =>
  yup
    .mixed<Record<string, string>>()
    .optional()
    .test('identifiers', COLLECTION_INPUT_MESSAGES.identifiers, (value) => {
      if (value === undefined) return true;
      if (!isPlainObject(value)) return false;
      const entries = Object.entries(value);
      return (
        entries.length <= COLLECTION_LIMITS.identifiers &&
        entries.every(
          ([name, text]) =>
            name.length > 0 && name.length <= COLLECTION_LIMITS.identifierName && typeof text === 'string' && text.length <= COLLECTION_LIMITS.identifierValue,
        )
      );
    });

/** An instant as the widget's Date#toISOString writes it, or with a zone offset; only its shape is checked here (responseStartedAt bounds it). */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;
const instantSchema = (field: string) =>
  yup
    .string()
    .optional()
    .nonNullable(COLLECTION_INPUT_MESSAGES.time(field))
    .typeError(COLLECTION_INPUT_MESSAGES.time(field))
    .max(40, COLLECTION_INPUT_MESSAGES.time(field))
    .test('instant', COLLECTION_INPUT_MESSAGES.time(field), (value) => value === undefined || (INSTANT.test(value) && Number.isFinite(Date.parse(value))));

const completeSchema = () => yup.boolean().required(COLLECTION_INPUT_MESSAGES.complete).typeError(COLLECTION_INPUT_MESSAGES.complete);

/** POST /api/public/surveys/:id/displays */
export const displayInputSchema = yup.object({
  visitorId: visitorIdSchema().required(COLLECTION_INPUT_MESSAGES.visitorId),
  outcome: yup.string<DisplayOutcome>().required(COLLECTION_INPUT_MESSAGES.outcome).oneOf(['shown', 'holdout'], COLLECTION_INPUT_MESSAGES.outcome),
});

/**
 * POST /api/public/surveys/:id/responses. An unknown deviceType is not an error: the server then
 * reads the device from the User-Agent.
 */
export const responseInputSchema = yup.object({
  visitorId: visitorIdSchema().optional(),
  answers: answersSchema(),
  identifiers: identifiersSchema(),
  deviceType: yup.string().optional().max(COLLECTION_LIMITS.deviceType),
  pageUrl: yup.string().optional().max(COLLECTION_LIMITS.pageUrl),
  startedAt: instantSchema('startedAt'),
  sentAt: instantSchema('sentAt'),
  complete: completeSchema(),
});

/**
 * POST /api/public/surveys/:id/audience-membership: the visitor's identifiers as responses carry
 * them, and the company of the embed code (a survey of another company answers 404).
 */
export const audienceMembershipInputSchema = yup
  .object({
    identifiers: identifiersSchema().required(COLLECTION_INPUT_MESSAGES.membershipIdentifiers),
    companyId: yup
      .string()
      .optional()
      .matches(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, COLLECTION_INPUT_MESSAGES.membershipCompany),
  })
  .noUnknown(COLLECTION_INPUT_MESSAGES.membershipUnknown);

/** PATCH /api/public/responses/:id */
export const responseUpdateSchema = yup.object({
  token: yup.string().required(COLLECTION_INPUT_MESSAGES.token).max(COLLECTION_LIMITS.token, COLLECTION_INPUT_MESSAGES.token),
  answers: answersSchema(),
  complete: completeSchema(),
});

export const isDeviceType = (value: unknown): value is (typeof DEVICE_TYPES)[number] => DEVICE_TYPES.includes(value as (typeof DEVICE_TYPES)[number]);

export interface TriggerSchemaOptions {
  /** The server's WEBHOOK_ALLOW_PRIVATE: plain http webhooks only for development. */
  allowHttpWebhook?: boolean;
}

/**
 * A field that the chosen trigger type needs (required and well-formed), and that may otherwise
 * stay empty or keep a well-formed value, so switching types does not lose what was typed.
 */
function triggerField(type: TriggerType, max: number, required: string, invalid: string, isValid: (value: string) => boolean) {
  return yup
    .string()
    .defined()
    .max(max, `Must be at most ${max} characters`)
    .test('well-formed', invalid, (value) => !value || isValid(value))
    .when('triggerType', { is: type, then: (schema) => schema.test('required', required, (value) => Boolean(value && value.trim())) });
}

/** The trigger settings as a server with these options accepts them. */
export function triggerSettingsSchemaFor(options: TriggerSchemaOptions = {}): yup.ObjectSchema<TriggerSettings> {
  const webhookProtocols = options.allowHttpWebhook ? ['https', 'http'] : ['https'];
  const webhookInvalid = options.allowHttpWebhook ? COLLECTION_INPUT_MESSAGES.webhookHttpAllowed : TRIGGER_MESSAGES.webhookUrlInvalid;
  return yup
    .object({
      triggerType: yup.string<TriggerType>().required(COLLECTION_INPUT_MESSAGES.triggerType).oneOf([...TRIGGER_TYPES], COLLECTION_INPUT_MESSAGES.triggerType),
      callbackName: triggerField('callback', COLLECTION_LIMITS.callbackName, TRIGGER_MESSAGES.callbackNameRequired, TRIGGER_MESSAGES.callbackNameInvalid, isFunctionPath),
      redirectUrl: triggerField('redirect', COLLECTION_LIMITS.url, TRIGGER_MESSAGES.redirectUrlRequired, TRIGGER_MESSAGES.redirectUrlInvalid, (value) => isWebAddress(value)),
      webhookUrl: triggerField('webhook', COLLECTION_LIMITS.url, TRIGGER_MESSAGES.webhookUrlRequired, webhookInvalid, (value) => isWebAddress(value, webhookProtocols)),
    })
    .noUnknown() as yup.ObjectSchema<TriggerSettings>;
}

/** The dashboard's form: webhooks over https only, as production servers require. */
export const triggerSettingsSchema = triggerSettingsSchemaFor();

export const triggerSettingsBodySchemaFor = (options: TriggerSchemaOptions = {}) =>
  yup.object({ triggerSettings: triggerSettingsSchemaFor(options).required() });

export const collectionSettingsSchema: yup.ObjectSchema<CollectionSettings> = yup
  .object({
    ipAddressMode: yup.string<IpAddressMode>().required(COLLECTION_INPUT_MESSAGES.ipAddressMode).oneOf([...IP_ADDRESS_MODES], COLLECTION_INPUT_MESSAGES.ipAddressMode),
    cooldownDays: yup
      .number()
      .typeError(COLLECTION_MESSAGES.cooldownDays)
      .required(COLLECTION_MESSAGES.cooldownDays)
      .integer(COLLECTION_MESSAGES.cooldownDays)
      .min(0, COLLECTION_MESSAGES.cooldownDays)
      .max(COLLECTION_LIMITS.cooldownDays, COLLECTION_MESSAGES.cooldownDays),
  })
  .noUnknown();

export const collectionSettingsBodySchema = yup.object({ collectionSettings: collectionSettingsSchema.required() });

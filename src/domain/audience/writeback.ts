/**
 * Write Back's rules, shared by the dashboard's forms and the BFF: a destination (kind, name,
 * address) and a writeback request (destinations, data, and exactly one way of choosing the
 * profiles). The address rule is the completion webhooks' (src/domain/survey/collectionSchemas.ts):
 * https only, plain http only where the server allows private addresses (development and tests).
 */
import * as yup from 'yup';
import { optionalId, uuid } from '../params';
import { isWebAddress } from '../survey/collectionSchemas';
import {
  AUDIENCE_SEARCH_MAX,
  CATEGORY_IDS,
  LIFECYCLE_STAGES,
  RECENCY_DAYS,
  RISK_LEVELS,
  SOURCE_KINDS,
  WRITEBACK_DATA,
  WRITEBACK_DESTINATION_KINDS,
  WRITEBACK_DESTINATION_LABELS,
  type WritebackDestinationKind,
  type WritebackJobStatus,
} from './contract';

export const WRITEBACK_LIMITS = {
  name: 100,
  url: 2_000,
  /** Profiles one writeback may send, by ids or by query. */
  profiles: 10_000,
  /** Profiles per request body sent to a destination. */
  batch: 500,
  /** Jobs the list shows. */
  jobs: 50,
} as const;

export const WRITEBACK_MESSAGES = {
  kind: `Choose one of: ${WRITEBACK_DESTINATION_KINDS.map((kind) => WRITEBACK_DESTINATION_LABELS[kind]).join(', ')}`,
  nameRequired: 'Name is required',
  nameMax: `Name must be at most ${WRITEBACK_LIMITS.name} characters`,
  urlRequired: 'URL is required',
  urlMax: `URL must be at most ${WRITEBACK_LIMITS.url} characters`,
  urlHttps: 'The URL must start with https://',
  urlHttpAllowed: 'The URL must start with https:// or http://',
  urlPrivate: 'The URL must not point to this server, a private network or a local address.',
  enabled: 'enabled must be true or false',
  destinations: 'Choose at least one destination',
  data: 'Choose at least one kind of data to sync',
  selector: 'Choose the profiles either by profileIds or by query, not both',
  profileIds: `Send 1 to ${WRITEBACK_LIMITS.profiles.toLocaleString('en-US')} profile ids`,
  profileId: 'Each profile id must be a valid id',
  notConfigured: (kind: WritebackDestinationKind) => `No ${WRITEBACK_DESTINATION_LABELS[kind]} destination is configured`,
  notConfiguredDetail: 'Add an enabled destination of this kind under Write Back destinations, then try again.',
  unknownProfiles: (count: number) => `${count.toLocaleString('en-US')} of the profile ids name no profile of this company`,
  tooManyProfiles: (count: number) =>
    `The query selects ${count.toLocaleString('en-US')} profiles; a writeback sends at most ${WRITEBACK_LIMITS.profiles.toLocaleString('en-US')}. Narrow the filters.`,
  noProfiles: 'No profile matches the query',
  destinationNotFound: 'Write Back destination not found',
  jobNotFound: 'Write Back job not found',
} as const;

export interface WritebackSchemaOptions {
  /** The server's WEBHOOK_ALLOW_PRIVATE: plain http only for development and tests. */
  allowHttp?: boolean;
}

const nameSchema = () =>
  yup
    .string()
    .test('blank', WRITEBACK_MESSAGES.nameRequired, (value) => value === undefined || Boolean(value.trim()))
    .max(WRITEBACK_LIMITS.name, WRITEBACK_MESSAGES.nameMax);

const urlSchema = ({ allowHttp = false }: WritebackSchemaOptions) =>
  yup
    .string()
    .test('blank', WRITEBACK_MESSAGES.urlRequired, (value) => value === undefined || Boolean(value.trim()))
    .max(WRITEBACK_LIMITS.url, WRITEBACK_MESSAGES.urlMax)
    .test('web-address', allowHttp ? WRITEBACK_MESSAGES.urlHttpAllowed : WRITEBACK_MESSAGES.urlHttps, (value) =>
      value === undefined || !value.trim() || isWebAddress(value.trim(), allowHttp ? ['https', 'http'] : ['https']),
    );

/** POST /api/audience-intelligence/destinations */
export function writebackDestinationSchemaFor(options: WritebackSchemaOptions = {}) {
  return yup.object({
    companyId: optionalId(),
    kind: yup.string<WritebackDestinationKind>().required(WRITEBACK_MESSAGES.kind).oneOf(WRITEBACK_DESTINATION_KINDS, WRITEBACK_MESSAGES.kind),
    name: nameSchema().required(WRITEBACK_MESSAGES.nameRequired),
    url: urlSchema(options).required(WRITEBACK_MESSAGES.urlRequired),
    enabled: yup.boolean().typeError(WRITEBACK_MESSAGES.enabled).default(true),
  });
}

/** PUT /api/audience-intelligence/destinations/:id: any of name, url, enabled. */
export function writebackDestinationUpdateSchemaFor(options: WritebackSchemaOptions = {}) {
  return yup.object({
    companyId: optionalId(),
    name: nameSchema().optional(),
    url: urlSchema(options).optional(),
    enabled: yup.boolean().typeError(WRITEBACK_MESSAGES.enabled).optional(),
  });
}


const listOf = <Value extends string | number>(allowed: readonly Value[]) =>
  yup
    .array(
      yup
        .mixed<Value>()
        .defined()
        .oneOf([...allowed], `Must be one of: ${allowed.join(', ')}`),
    )
    .optional()
    .default([]);

const querySchema = yup
  .object({
    dataSource: listOf(SOURCE_KINDS),
    lifecycle: listOf(LIFECYCLE_STAGES),
    risk: listOf(RISK_LEVELS),
    recency: listOf(RECENCY_DAYS),
    search: yup.string().max(AUDIENCE_SEARCH_MAX).default(''),
    categoryId: yup.string().oneOf(CATEGORY_IDS, `Must be one of: ${CATEGORY_IDS.join(', ')}`).nullable().default(null),
  })
  .noUnknown()
  .default(undefined);

/** POST /api/audience-intelligence/writeback */
export const writebackRequestSchema = yup
  .object({
    companyId: optionalId(),
    destinations: yup
      .array(yup.string<WritebackDestinationKind>().defined().oneOf(WRITEBACK_DESTINATION_KINDS, WRITEBACK_MESSAGES.kind))
      .required(WRITEBACK_MESSAGES.destinations)
      .min(1, WRITEBACK_MESSAGES.destinations),
    data: yup
      .array(yup.string().defined().oneOf(WRITEBACK_DATA, `Must be one of: ${WRITEBACK_DATA.join(', ')}`))
      .required(WRITEBACK_MESSAGES.data)
      .min(1, WRITEBACK_MESSAGES.data),
    profileIds: yup
      .array(uuid(WRITEBACK_MESSAGES.profileId).defined())
      .min(1, WRITEBACK_MESSAGES.profileIds)
      .max(WRITEBACK_LIMITS.profiles, WRITEBACK_MESSAGES.profileIds)
      .optional()
      .default(undefined),
    query: querySchema.optional(),
  })
  .test('selector', WRITEBACK_MESSAGES.selector, (value, context) =>
    (value.profileIds === undefined) !== (value.query === undefined) ? true : context.createError({ path: 'profileIds', message: WRITEBACK_MESSAGES.selector }),
  );

export type WritebackRequestInput = yup.InferType<typeof writebackRequestSchema>;

/**
 * A job's status from its deliveries: queued before any attempt, sending while any is pending,
 * then delivered (all acknowledged with 2xx), failed (none) or partial.
 */
export function writebackJobStatus(deliveries: readonly { status: 'pending' | 'delivered' | 'failed'; attempts: number }[]): WritebackJobStatus {
  if (!deliveries.length) return 'failed';
  const pending = deliveries.filter((delivery) => delivery.status === 'pending');
  if (pending.length) return deliveries.some((delivery) => delivery.attempts > 0 || delivery.status !== 'pending') ? 'sending' : 'queued';
  const delivered = deliveries.filter((delivery) => delivery.status === 'delivered').length;
  if (delivered === deliveries.length) return 'delivered';
  return delivered ? 'partial' : 'failed';
}

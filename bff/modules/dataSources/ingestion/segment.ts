/**
 * Segment's spec messages (track, identify, page, screen, group, alias:
 * segment.com/docs/connections/spec) as the customer data platform's records: the fields the
 * catalogue names (src/domain/data/catalogue.ts), which its mapping reads, beside the message's own
 * `context`, `integrations`, `traits` and `properties` kept whole, values as sent. The timestamp is
 * corrected for the sender's clock as Segment documents it: timestamp = receivedAt - (sentAt -
 * originalTimestamp) when the sender says when it sent the message.
 */
export const SEGMENT_TYPES = ['track', 'identify', 'page', 'screen', 'group', 'alias'] as const;
export type SegmentType = (typeof SEGMENT_TYPES)[number];

/** Segment's limits (its HTTP Tracking API answers 400 beyond them): one message, and one request of the batch call. */
export const SEGMENT_MAX_EVENT_BYTES = 32 * 1024;
export const SEGMENT_MAX_BATCH_BYTES = 500 * 1024;

type Flat = Record<string, unknown>;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown): string | null => {
  if (typeof value === 'string') return value.trim() ? value : null;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
};

function eventOf(type: SegmentType, message: Record<string, unknown>): string | { error: string } {
  switch (type) {
    case 'track': {
      const event = text(message.event);
      return event ?? { error: 'A Segment track call needs an "event" name.' };
    }
    case 'page':
    case 'screen': {
      const name = text(message.name) ?? (isObject(message.properties) ? text(message.properties.name) : null);
      return name ? `Viewed ${name}` : type === 'page' ? 'page_view' : 'screen_view';
    }
    case 'identify':
      return 'identify';
    case 'group':
      return 'group';
    case 'alias':
      return 'alias';
  }
}

/** `own` over `shared`, object by object: a field both have takes the value of `own`. */
function mergeOver(shared: Record<string, unknown>, own: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...shared };
  for (const [name, value] of Object.entries(own)) {
    const base = merged[name];
    merged[name] = isObject(base) && isObject(value) ? mergeOver(base, value) : value;
  }
  return merged;
}

/** A date the sender gave (ISO 8601, or epoch milliseconds), null when absent, or an error when it is not a date. */
function dateOf(value: unknown, field: string): Date | null | { error: string } {
  if (value === undefined || value === null || value === '') return null;
  const date = typeof value === 'string' || typeof value === 'number' ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) return { error: `The Segment "${field}" must be an ISO 8601 date.` };
  return date;
}

/**
 * The messages of a Segment delivery as each is to be read. A batch's `context` is merged into
 * each message, the message's own context fields winning, as Segment's batch call documents (a
 * sender may put the page, device or campaign shared by the whole batch there once); the batch's
 * `sentAt` stands for each message that has none of its own. The batch's `integrations` only
 * routes messages between Segment destinations, so it is not copied. A message's `writeKey` is the
 * source's secret (analytics.js puts it in every message): it is never kept.
 */
export function segmentMessages(body: unknown, messages: readonly unknown[]): unknown[] {
  const batch = isObject(body) && Array.isArray(body.batch) ? body : null;
  const shared = batch && isObject(batch.context) ? batch.context : null;
  const sentAt = batch?.sentAt;
  return messages.map((message) => {
    if (!isObject(message)) return message;
    const { writeKey: _key, ...own } = message;
    if (shared) own.context = isObject(own.context) ? mergeOver(shared, own.context) : shared;
    if (sentAt !== undefined && own.sentAt === undefined) own.sentAt = sentAt;
    return own;
  });
}

/**
 * One Segment message as a record, or why it cannot be stored. `type` is the call's when it came
 * to a single-call path (/v1/track…), as Segment reads it; `receivedAt` is when it arrived.
 */
export function flattenSegmentMessage(message: unknown, receivedAt: Date, call?: SegmentType): { record: Flat } | { error: string } {
  if (!isObject(message)) return { error: 'A Segment message must be a JSON object.' };
  const type = call ?? (typeof message.type === 'string' ? message.type.toLowerCase() : '');
  if (!(SEGMENT_TYPES as readonly string[]).includes(type)) {
    return { error: `Unsupported Segment call type "${String(message.type ?? '')}": send track, identify, page, screen, group or alias.` };
  }
  const userId = text(message.userId);
  const anonymousId = text(message.anonymousId);
  if (!userId && !anonymousId) return { error: 'A Segment message needs a userId or an anonymousId.' };
  const previousId = text(message.previousId);
  if (type === 'alias' && !previousId) return { error: 'A Segment alias call needs a "previousId".' };
  const event = eventOf(type as SegmentType, message);
  if (typeof event !== 'string') return event;

  // What the sender's clock said: the call's time and when it was sent.
  const original = dateOf(message.timestamp ?? message.originalTimestamp, message.timestamp !== undefined ? 'timestamp' : 'originalTimestamp');
  if (original && 'error' in original) return original;
  const sentAt = dateOf(message.sentAt, 'sentAt');
  if (sentAt && 'error' in sentAt) return sentAt;
  const timestamp = original ? new Date(original.getTime() + (sentAt ? receivedAt.getTime() - sentAt.getTime() : 0)) : receivedAt;

  const context = isObject(message.context) ? message.context : null;
  const page = isObject(context?.page) ? context.page : {};
  const device = isObject(context?.device) ? context.device : {};
  const campaign = isObject(context?.campaign) ? context.campaign : {};
  const properties = isObject(message.properties) ? message.properties : null;
  const traits = isObject(message.traits) ? message.traits : null;

  const flat: Flat = {};
  const put = (field: string, value: unknown) => {
    if (value !== undefined && value !== null && value !== '') flat[field] = value;
  };
  put('messageId', text(message.messageId));
  put('type', type);
  put('userId', userId);
  put('anonymousId', anonymousId);
  put('event', event);
  put('timestamp', timestamp.toISOString());
  put('originalTimestamp', original?.toISOString());
  put('sentAt', sentAt?.toISOString());
  put('receivedAt', receivedAt.toISOString());
  if (type === 'group') put('groupId', text(message.groupId));
  if (type === 'alias') put('previousId', previousId);
  if (type === 'page' || type === 'screen') {
    put('name', text(message.name));
    put('category', text(message.category));
  }
  put('context_page_url', page.url ?? (type === 'page' ? properties?.url : undefined));
  put('context_device_type', device.type);
  put('context_campaign_source', campaign.source);
  put('context_campaign_name', campaign.name);
  put('properties_revenue', properties?.revenue);
  put('properties_product_id', properties?.product_id ?? properties?.productId);
  // The message's objects as sent: numbers, booleans, nested objects and arrays keep their types.
  if (properties) flat.properties = properties;
  if (traits) flat.traits = traits;
  if (context) flat.context = context;
  if (isObject(message.integrations)) flat.integrations = message.integrations;
  return { record: flat };
}

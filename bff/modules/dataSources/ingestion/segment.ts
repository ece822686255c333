/**
 * Segment's spec messages (track, identify, page, screen, group: segment.com/docs/connections/spec)
 * flattened to the customer data platform's field set (src/domain/data/catalogue.ts): the fields
 * the catalogue names, then the rest of the traits and properties as traits_* and properties_*.
 */
const SEGMENT_TYPES = ['track', 'identify', 'page', 'screen', 'group'] as const;
type SegmentType = (typeof SEGMENT_TYPES)[number];

/** Nested objects are flattened this deep (a_b_c); deeper values are kept as JSON objects. */
const FLATTEN_DEPTH = 3;

type Flat = Record<string, unknown>;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown): string | null => {
  if (typeof value === 'string') return value.trim() ? value : null;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
};

function flattenInto(target: Flat, prefix: string, value: Record<string, unknown>, depth: number): void {
  for (const [name, each] of Object.entries(value)) {
    const field = `${prefix}_${name}`;
    if (isObject(each) && depth < FLATTEN_DEPTH) flattenInto(target, field, each, depth + 1);
    else if (each !== undefined && !(field in target)) target[field] = each;
  }
}

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

/**
 * The messages of a Segment batch ({batch, context}) with the batch's context merged into each,
 * the message's own context fields winning, as Segment's batch call documents: a sender may put
 * the page, device or campaign shared by the whole batch there once. The batch's `integrations`
 * only routes messages between Segment destinations and nothing here reads it, so it is not copied.
 */
export function withBatchContext(body: unknown, messages: readonly unknown[]): unknown[] {
  if (!isObject(body) || !Array.isArray(body.batch) || !isObject(body.context)) return [...messages];
  const shared = body.context;
  return messages.map((message) =>
    isObject(message) ? { ...message, context: isObject(message.context) ? mergeOver(shared, message.context) : shared } : message,
  );
}

/** One Segment message as a flat record, or why it cannot be stored. */
export function flattenSegmentMessage(message: unknown): { record: Flat } | { error: string } {
  if (!isObject(message)) return { error: 'A Segment message must be a JSON object.' };
  const type = typeof message.type === 'string' ? message.type.toLowerCase() : '';
  if (!(SEGMENT_TYPES as readonly string[]).includes(type)) {
    return { error: `Unsupported Segment call type "${String(message.type ?? '')}": send track, identify, page, screen or group.` };
  }
  const userId = text(message.userId);
  const anonymousId = text(message.anonymousId);
  if (!userId && !anonymousId) return { error: 'A Segment message needs a userId or an anonymousId.' };
  const event = eventOf(type as SegmentType, message);
  if (typeof event !== 'string') return event;
  const timestamp = message.timestamp ?? message.originalTimestamp ?? message.sentAt ?? message.receivedAt;
  if (timestamp !== undefined && timestamp !== null && (typeof timestamp !== 'string' || Number.isNaN(Date.parse(timestamp)))) {
    return { error: 'The Segment timestamp must be an ISO 8601 date.' };
  }

  const context = isObject(message.context) ? message.context : {};
  const page = isObject(context.page) ? context.page : {};
  const device = isObject(context.device) ? context.device : {};
  const campaign = isObject(context.campaign) ? context.campaign : {};
  const properties = isObject(message.properties) ? message.properties : {};
  const traits = isObject(message.traits) ? message.traits : isObject(context.traits) ? context.traits : {};

  const flat: Flat = {};
  const put = (field: string, value: unknown) => {
    if (value !== undefined && value !== null && value !== '') flat[field] = value;
  };
  put('messageId', text(message.messageId));
  put('type', type);
  put('userId', userId);
  put('anonymousId', anonymousId);
  put('event', event);
  put('timestamp', typeof timestamp === 'string' ? new Date(timestamp).toISOString() : new Date().toISOString());
  put('context_page_url', page.url ?? (type === 'page' ? properties.url : undefined));
  put('context_device_type', device.type);
  put('context_campaign_source', campaign.source);
  put('context_campaign_name', campaign.name);
  put('properties_revenue', properties.revenue);
  put('properties_product_id', properties.product_id ?? properties.productId);
  if (type === 'group') put('groupId', text(message.groupId));
  flattenInto(flat, 'properties', properties, 1);
  flattenInto(flat, 'traits', traits, 1);
  return { record: flat };
}

/**
 * The unified data model: the one vocabulary every connected source is mapped into, and that
 * every later reader (prediction engine, audience profiles, the overview, export) reads. The
 * specification names the groups Identity, Events, Attribution, Revenue and Consent; Items is the
 * company's catalogue that the prediction API ranks.
 *
 * A source says what its records are (people, events or items); the kind decides which fields
 * its columns may be mapped to. A field's name is unique within a kind.
 */

export const RECORD_KINDS = ['people', 'events', 'items'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

export const RECORD_KIND_LABELS: Record<RecordKind, string> = {
  people: 'People (customers, contacts, accounts)',
  events: 'Events (what people did, and when)',
  items: 'Items (the catalogue recommendations rank)',
};

/** How a value is read and checked (import validation, dry run, later queries). */
export type UnifiedValueType = 'string' | 'email' | 'number' | 'integer' | 'datetime' | 'boolean' | 'url' | 'currency' | 'tags';

export type UnifiedGroupId = 'identity' | 'events' | 'attribution' | 'revenue' | 'consent' | 'items';

export interface UnifiedField {
  name: string;
  label: string;
  group: UnifiedGroupId;
  valueType: UnifiedValueType;
  description: string;
}

export interface UnifiedGroup {
  id: UnifiedGroupId;
  label: string;
  fields: readonly UnifiedField[];
}

const field = (group: UnifiedGroupId, name: string, label: string, valueType: UnifiedValueType, description: string): UnifiedField => ({
  name,
  label,
  group,
  valueType,
  description,
});

export const UNIFIED_GROUPS: readonly UnifiedGroup[] = [
  {
    id: 'identity',
    label: 'Identity',
    fields: [
      field('identity', 'user_id', 'User ID', 'string', 'The stable id of the person in your own systems.'),
      field('identity', 'email', 'E-mail', 'email', 'E-mail address; compared lower-cased when profiles are joined.'),
      field('identity', 'name', 'Name', 'string', 'Full name of the person.'),
      field('identity', 'phone', 'Phone', 'string', 'Phone number as given.'),
      field('identity', 'anonymous_id', 'Anonymous ID', 'string', 'Device or cookie id of a visitor who has not signed in.'),
      field('identity', 'account', 'Account', 'string', 'The business account (company) the person belongs to.'),
      field('identity', 'age', 'Age', 'integer', 'Age in years.'),
      field('identity', 'location', 'Location', 'string', 'City, region or country.'),
      field('identity', 'created_at', 'Created at', 'datetime', 'When the person became a customer or contact.'),
      field('identity', 'last_login', 'Last login', 'datetime', 'When the person last signed in.'),
    ],
  },
  {
    id: 'events',
    label: 'Events',
    fields: [
      field('events', 'event_type', 'Event type', 'string', 'What happened: view, click, add_to_cart, purchase, signup…'),
      field('events', 'event_time', 'Event time', 'datetime', 'When it happened.'),
      field('events', 'item_id', 'Item ID', 'string', 'The catalogue item the event concerns.'),
      field('events', 'session_id', 'Session ID', 'string', 'The visit the event belongs to.'),
      field('events', 'page_url', 'Page URL', 'url', 'The page on which it happened.'),
      field('events', 'device_type', 'Device type', 'string', 'mobile, desktop or tablet.'),
    ],
  },
  {
    id: 'attribution',
    label: 'Attribution',
    fields: [
      field('attribution', 'source', 'Source', 'string', 'Where the visit came from (utm_source).'),
      field('attribution', 'medium', 'Medium', 'string', 'How it came (utm_medium): email, cpc, organic…'),
      field('attribution', 'campaign', 'Campaign', 'string', 'The campaign (utm_campaign).'),
      field('attribution', 'referrer', 'Referrer', 'url', 'The referring page.'),
    ],
  },
  {
    id: 'revenue',
    label: 'Revenue',
    fields: [
      field('revenue', 'revenue', 'Revenue', 'number', 'Amount of the order or payment.'),
      field('revenue', 'currency', 'Currency', 'currency', 'ISO 4217 code, such as USD or EUR.'),
      field('revenue', 'order_id', 'Order ID', 'string', 'The order or invoice id.'),
      field('revenue', 'subscription_status', 'Subscription status', 'string', 'active, trialing, past_due, canceled…'),
      field('revenue', 'ltv', 'Lifetime value', 'number', 'Total revenue from the person so far.'),
    ],
  },
  {
    id: 'consent',
    label: 'Consent',
    fields: [
      field('consent', 'marketing_opt_in', 'Marketing opt-in', 'boolean', 'Agreed to receive marketing.'),
      field('consent', 'analytics_opt_in', 'Analytics opt-in', 'boolean', 'Agreed to analytics tracking.'),
    ],
  },
  {
    id: 'items',
    label: 'Items',
    fields: [
      field('items', 'item_id', 'Item ID', 'string', 'The id of the product, article or listing.'),
      field('items', 'title', 'Title', 'string', 'Its name as shown to people.'),
      field('items', 'description', 'Description', 'string', 'Longer text about it.'),
      field('items', 'category', 'Category', 'string', 'Its category.'),
      field('items', 'price', 'Price', 'number', 'Its price.'),
      field('items', 'tags', 'Tags', 'tags', 'Keywords, separated by commas or semicolons.'),
      field('items', 'created_at', 'Created at', 'datetime', 'When it was added to the catalogue.'),
      field('items', 'available', 'Available', 'boolean', 'Whether it can be recommended now.'),
    ],
  },
];

/** Which groups a kind of record may use. Events carry the identity keys of who acted. */
const GROUPS_BY_KIND: Record<RecordKind, readonly UnifiedGroupId[]> = {
  people: ['identity', 'attribution', 'revenue', 'consent'],
  events: ['events', 'identity', 'attribution', 'revenue'],
  items: ['items'],
};

/** Identity fields an event may carry: who acted, not a full profile. */
const EVENT_IDENTITY_FIELDS = new Set(['user_id', 'email', 'anonymous_id']);

export function unifiedFieldsFor(kind: RecordKind): UnifiedField[] {
  const fields: UnifiedField[] = [];
  const seen = new Set<string>();
  for (const groupId of GROUPS_BY_KIND[kind]) {
    const group = UNIFIED_GROUPS.find((candidate) => candidate.id === groupId)!;
    for (const candidate of group.fields) {
      if (kind === 'events' && groupId === 'identity' && !EVENT_IDENTITY_FIELDS.has(candidate.name)) continue;
      if (seen.has(candidate.name)) continue;
      seen.add(candidate.name);
      fields.push(candidate);
    }
  }
  return fields;
}

export function unifiedField(kind: RecordKind, name: string): UnifiedField | undefined {
  return unifiedFieldsFor(kind).find((candidate) => candidate.name === name);
}

/**
 * What every record of a kind must have, once mapped. A person needs a way to be recognised; an
 * event needs who, what and when; an item needs an id and a title to be recommended.
 */
export const REQUIRED_BY_KIND: Record<RecordKind, { allOf: readonly string[]; oneOf: readonly string[] }> = {
  people: { allOf: [], oneOf: ['user_id', 'email', 'anonymous_id'] },
  events: { allOf: ['event_type', 'event_time'], oneOf: ['user_id', 'email', 'anonymous_id'] },
  items: { allOf: ['item_id', 'title'], oneOf: [] },
};

/**
 * Unified fields kept in their own indexed columns of the records table, because later features
 * look records up or aggregate by them (identity resolution, event time ranges, item ranking).
 * Every other unified value is kept in the record's `unified` JSON.
 */
export const PROMOTED_FIELDS = ['user_id', 'email', 'anonymous_id', 'event_type', 'event_time', 'item_id'] as const;
export type PromotedField = (typeof PROMOTED_FIELDS)[number];

/** A mapping of a source's fields (columns) to unified field names; '' or absent: not mapped. */
export type FieldMapping = Record<string, string>;

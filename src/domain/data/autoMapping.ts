/**
 * Auto-mapping: the one place that proposes which unified field each column (or source field)
 * goes to. A new file, a file imported again into its source, a pushed payload and a custom
 * connector all start from `autoMap`, so the same header maps the same way everywhere.
 *
 * A column is matched by its name (normalised, with the synonyms people use) and by what its
 * values look like (ids, e-mails, names, dates, numbers, yes/no, plans): a name that fits is
 * refused when the values clearly do not (an "email_verified" column of yes/no is no e-mail),
 * and a column whose name says nothing is still mapped when its values are unmistakable (a
 * column of e-mail addresses is the e-mail).
 */
import { readTime, readValue } from './values';
import { REQUIRED_BY_KIND, RECORD_KINDS, unifiedFieldsFor, type FieldMapping, type RecordKind, type UnifiedField } from './unifiedModel';

/** What a column's values look like. */
export type ValueKind = 'id' | 'email' | 'name' | 'date' | 'number' | 'boolean' | 'category' | 'text' | 'empty';

/** A column to map: its name and, when known, some of its values or the server's reading of them. */
export interface ColumnSample {
  name: string;
  /** A few of its values, as text. */
  values?: readonly string[];
  /** The server's reading of its values (the import preview's `looksLike`). */
  looksLike?: 'string' | 'number' | 'datetime' | 'boolean' | 'email';
}

/** Lower-case letters and digits only: "E-mail", "e_mail" and "EMail" are all "email". */
export const normaliseName = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '');

/** Column names people use for each unified field, normalised. Short ones (under four letters) only match whole names. */
const SYNONYMS: Record<string, readonly string[]> = {
  user_id: ['userid', 'customerid', 'clientid', 'contactid', 'memberid', 'uid', 'personid', 'externalid', 'customerno', 'customernumber'],
  email: ['email', 'emailaddress', 'mail', 'useremail', 'customeremail', 'contactemail'],
  name: ['name', 'fullname', 'customername', 'contactname', 'username', 'displayname'],
  phone: ['phone', 'phonenumber', 'mobile', 'telephone', 'tel'],
  anonymous_id: ['anonymousid', 'anonid', 'deviceid', 'cookieid', 'visitorid'],
  account: ['account', 'accountname', 'company', 'companyname', 'organization', 'organisation'],
  age: ['age'],
  location: ['location', 'city', 'country', 'region'],
  created_at: ['createdat', 'created', 'signupdate', 'signedupat', 'signupat', 'signedup', 'joinedat', 'joined', 'registeredat', 'registrationdate', 'dateadded', 'createddate'],
  last_login: ['lastlogin', 'lastloginat', 'lastseen', 'lastseenat', 'lastactive'],
  event_type: ['eventtype', 'event', 'eventname', 'action', 'type'],
  event_time: ['eventtime', 'timestamp', 'time', 'occurredat', 'eventdate', 'date'],
  item_id: ['itemid', 'productid', 'sku', 'articleid', 'contentid'],
  session_id: ['sessionid', 'session'],
  page_url: ['pageurl', 'url', 'page', 'path'],
  device_type: ['devicetype', 'device', 'platform'],
  source: ['source', 'utmsource'],
  medium: ['medium', 'utmmedium'],
  campaign: ['campaign', 'utmcampaign'],
  referrer: ['referrer', 'referer', 'referringurl'],
  revenue: ['revenue', 'amount', 'total', 'ordertotal', 'value'],
  currency: ['currency', 'currencycode'],
  order_id: ['orderid', 'invoiceid', 'transactionid', 'order'],
  subscription_status: ['subscriptionstatus', 'plan', 'planname', 'plantier', 'tier', 'subscription', 'subscriptionplan', 'membership', 'membershiplevel', 'planstatus', 'status'],
  ltv: ['ltv', 'lifetimevalue', 'clv', 'totalspent'],
  marketing_opt_in: ['marketingoptin', 'optin', 'newsletter', 'acceptsmarketing', 'subscribed'],
  analytics_opt_in: ['analyticsoptin', 'trackingconsent'],
  title: ['title', 'name', 'productname', 'itemname'],
  description: ['description', 'details', 'summary'],
  category: ['category', 'productcategory', 'genre', 'section'],
  price: ['price', 'unitprice', 'listprice'],
  tags: ['tags', 'keywords', 'labels'],
  available: ['available', 'instock', 'active', 'isavailable'],
};

/** A bare "id" is the record's own id: a person's for people, an item's for items (an event's own id has no unified field). */
const KIND_SYNONYMS: Record<RecordKind, Record<string, readonly string[]>> = {
  people: { user_id: ['id', 'customer', 'contact'] },
  events: {},
  items: { item_id: ['id', 'product'] },
};

/** What values each unified field expects, where its value type alone does not say. */
const EXPECTED_BY_NAME: Record<string, ValueKind> = {
  user_id: 'id',
  anonymous_id: 'id',
  item_id: 'id',
  session_id: 'id',
  order_id: 'id',
  name: 'name',
  subscription_status: 'category',
  event_type: 'category',
  device_type: 'category',
  category: 'category',
};

function expectedKind(target: UnifiedField): ValueKind {
  const named = EXPECTED_BY_NAME[target.name];
  if (named) return named;
  switch (target.valueType) {
    case 'email':
      return 'email';
    case 'datetime':
      return 'date';
    case 'number':
    case 'integer':
      return 'number';
    case 'boolean':
      return 'boolean';
    default:
      return 'text';
  }
}

/** Value kinds a field cannot take, even when the column's name says it is that field. */
const REFUSED: Record<ValueKind, readonly ValueKind[]> = {
  id: ['email', 'date', 'boolean', 'name'],
  email: ['date', 'number', 'boolean'],
  name: ['email', 'date', 'number', 'boolean', 'id'],
  date: ['email', 'boolean', 'name', 'category'],
  number: ['email', 'date', 'name', 'boolean', 'category'],
  boolean: ['email', 'date', 'name'],
  category: ['email', 'date', 'boolean'],
  text: [],
  empty: [],
};

const LOOKS_LIKE_KIND: Record<NonNullable<ColumnSample['looksLike']>, ValueKind> = {
  string: 'text',
  number: 'number',
  datetime: 'date',
  boolean: 'boolean',
  email: 'email',
};

const PERSON_NAME = /^\p{Lu}[\p{L}'’.-]*(?:,?\s+\p{L}[\p{L}'’.-]*){1,3}$/u;
const ID_LIKE = /^[A-Za-z0-9][A-Za-z0-9_.:-]{1,63}$/;
const CATEGORY_LIKE = /^[\p{L}][\p{L} _-]{0,23}$/u;
/** Fields whose values are checked on import: a name that only holds a synonym must have values that fit too. */
const STRICT: ReadonlySet<ValueKind> = new Set(['email', 'date', 'number', 'boolean']);

/** A kind holds when at least this share of a column's values have it: a few bad cells do not hide what a column is. */
const MOSTLY = 0.75;

/** What a column's values look like: a few values are enough, and the server's reading counts when there are none. */
export function valueKindOf(values: readonly string[] = [], looksLike?: ColumnSample['looksLike']): ValueKind {
  const present = values.map((value) => value.trim()).filter(Boolean);
  if (present.length === 0) return looksLike ? LOOKS_LIKE_KIND[looksLike] : 'empty';
  const mostly = (test: (value: string) => boolean) => present.filter(test).length >= Math.ceil(present.length * MOSTLY);
  const every = (test: (value: string) => boolean) => present.every(test);
  if (looksLike === 'boolean' || every((value) => readValue('boolean', value).ok && !/^\d+$/.test(value))) return 'boolean';
  if (looksLike === 'email' || mostly((value) => readValue('email', value).ok)) return 'email';
  if (looksLike === 'datetime' || mostly((value) => readTime(value) !== null && !/^\d+$/.test(value))) return 'date';
  const distinct = new Set(present).size === present.length;
  if (distinct && every((value) => ID_LIKE.test(value) && /\d/.test(value) && /[A-Za-z_-]/.test(value))) return 'id';
  if (looksLike === 'number' || every((value) => readValue('number', value).ok)) return 'number';
  if (mostly((value) => PERSON_NAME.test(value))) return 'name';
  if (every((value) => CATEGORY_LIKE.test(value)) && (!distinct || present.length <= 3)) return 'category';
  return 'text';
}

const asSample = (column: string | ColumnSample): ColumnSample => (typeof column === 'string' ? { name: column } : column);

/** A name's words: "signupDate", "Signup Date (UTC)" and "signup_date" are all signup, date(, utc). */
const wordsOf = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** How well a column's name names a field: 100 for a synonym, less for a name that holds one, 0 for none. */
function nameScore(column: string, target: UnifiedField, kind: RecordKind): number {
  const normalised = normaliseName(column);
  if (!normalised) return 0;
  const synonyms = [normaliseName(target.name), ...(SYNONYMS[target.name] ?? []), ...(KIND_SYNONYMS[kind][target.name] ?? [])];
  if (synonyms.includes(normalised)) return 100;
  const words = wordsOf(column);
  let best = 0;
  for (const synonym of synonyms) {
    // Short synonyms (id, uid, tel) only as whole names: "paid" holds "id" and is no id.
    if (synonym.length < 4) continue;
    const whole = words.join('');
    const holds = whole.startsWith(synonym) || whole.endsWith(synonym) || words.includes(synonym);
    if (holds) best = Math.max(best, 60 + Math.min(synonym.length, 20));
  }
  return best;
}

/** Columns whose name hints at an identifier, for a column of id-like values whose name is not a synonym. */
const ID_HINTS = new Set(['id', 'key', 'ref', 'reference', 'code', 'no', 'number', 'uuid', 'guid']);

/** How well a column's values alone say it is a field, when its name says nothing. */
function valueScore(sample: ColumnSample, index: number, valueKind: ValueKind, target: UnifiedField, kind: RecordKind): number {
  switch (valueKind) {
    case 'email':
      return target.name === 'email' ? 45 : 0;
    case 'name':
      return target.name === 'name' ? 40 : 0;
    case 'date':
      if (target.name === (kind === 'events' ? 'event_time' : 'created_at')) return 35;
      return 0;
    case 'id': {
      const own = kind === 'items' ? 'item_id' : 'user_id';
      if (target.name !== own) return 0;
      return index === 0 || wordsOf(sample.name).some((word) => ID_HINTS.has(word)) ? 35 : 0;
    }
    default:
      return 0;
  }
}

/** Below this a match is a guess too weak to propose. */
const THRESHOLD = 30;

/**
 * A mapping for `columns` into the unified fields of `kind`: each field is taken by at most one
 * column, the best match first. `previous` is a mapping already decided (a source's, a saved
 * template's): its columns keep what it says ('' keeps a column unmapped), and only the other
 * columns are matched, to the fields still free. Columns nobody matches map to nothing (they are
 * kept in the record as they are).
 */
export function autoMap(columns: ReadonlyArray<string | ColumnSample>, kind: RecordKind, previous: FieldMapping = {}): FieldMapping {
  const samples = columns.map(asSample);
  const targets = unifiedFieldsFor(kind);
  const allowed = new Set(targets.map((target) => target.name));
  const mapping: FieldMapping = {};
  const taken = new Set<string>();
  const settled = new Set<string>();
  for (const { name } of samples) {
    if (!Object.prototype.hasOwnProperty.call(previous, name)) continue;
    const target = previous[name]!;
    if (target !== '' && (!allowed.has(target) || taken.has(target))) continue;
    settled.add(name);
    if (target === '') continue;
    mapping[name] = target;
    taken.add(target);
  }

  const candidates: Array<{ column: string; target: string; score: number; order: number }> = [];
  samples.forEach((sample, index) => {
    if (settled.has(sample.name)) return;
    const valueKind = valueKindOf(sample.values, sample.looksLike);
    targets.forEach((target, targetIndex) => {
      const expected = expectedKind(target);
      if (taken.has(target.name) || REFUSED[expected].includes(valueKind)) return;
      let byName = nameScore(sample.name, target, kind);
      // "time_zone" holds "time", but its values are no times.
      if (byName < 100 && STRICT.has(expected) && valueKind !== expected && valueKind !== 'empty') byName = 0;
      const score = Math.max(byName, valueScore(sample, index, valueKind, target, kind));
      if (score >= THRESHOLD) candidates.push({ column: sample.name, target: target.name, score, order: index * targets.length + targetIndex });
    });
  });
  candidates.sort((a, b) => b.score - a.score || a.order - b.order);
  for (const candidate of candidates) {
    if (candidate.column in mapping || taken.has(candidate.target)) continue;
    mapping[candidate.column] = candidate.target;
    taken.add(candidate.target);
  }
  return mapping;
}

/**
 * The kind a file most likely holds: the one that maps most of its columns, with a bonus for
 * completing the kind's required fields ("id" and "name" alone complete an item, but a file of
 * id, email, name, signup_date and plan is people).
 */
export function suggestKind(columns: ReadonlyArray<string | ColumnSample>): RecordKind {
  const scores = RECORD_KINDS.map((kind) => {
    const mapped = new Set(Object.values(autoMap(columns, kind)));
    const required = REQUIRED_BY_KIND[kind];
    const complete = required.allOf.every((name) => mapped.has(name)) && (required.oneOf.length === 0 || required.oneOf.some((name) => mapped.has(name)));
    return { kind, score: mapped.size * 10 + (complete ? 15 : 0) + required.allOf.filter((name) => mapped.has(name)).length * 2 };
  });
  scores.sort((a, b) => b.score - a.score);
  return scores[0]!.kind;
}

/** The columns of a preview with their first values, as `autoMap` reads them. */
export function columnSamples(columns: ReadonlyArray<{ name: string; looksLike?: ColumnSample['looksLike'] }>, rows: ReadonlyArray<Record<string, string>>): ColumnSample[] {
  return columns.map((column) => ({ name: column.name, looksLike: column.looksLike, values: rows.map((row) => row[column.name] ?? '') }));
}

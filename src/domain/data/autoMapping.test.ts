import { describe, expect, it } from 'vitest';
import { autoMap, columnSamples, suggestKind, valueKindOf, type ColumnSample } from './autoMapping';

/** Columns with their values, as a preview gives them: one row per array. */
function sampled(header: string, ...rows: string[][]): ColumnSample[] {
  const names = header.split(',');
  return columnSamples(
    names.map((name) => ({ name })),
    rows.map((row) => Object.fromEntries(names.map((name, index) => [name, row[index] ?? '']))),
  );
}

const ACME_ROWS = [
  ['AC-100001', 'mia.jones1@mail.example', 'Mia Jones', '2025-03-14T10:22:00Z', 'member'],
  ['AC-100002', 'leo.smith2@inbox.example', 'Leo Smith', '2025-07-01T08:00:00Z', 'gold'],
  ['AC-100003', 'ava.brown3@post.example', 'Ava Brown', '2024-11-30T19:45:10Z', 'member'],
  ['AC-100004', 'noah.wilson4@mail.example', 'Noah Wilson', '2026-01-02T12:00:00Z', 'platinum'],
  ['AC-100005', 'emma.davis5@inbox.example', 'Emma Davis', '2025-05-20T16:30:00Z', 'gold'],
];

describe('autoMap by name', () => {
  it('maps every column of id,email,name,signup_date,plan, by name alone and with values', () => {
    const expected = { id: 'user_id', email: 'email', name: 'name', signup_date: 'created_at', plan: 'subscription_status' };
    expect(autoMap(['id', 'email', 'name', 'signup_date', 'plan'], 'people')).toEqual(expected);
    expect(autoMap(sampled('id,email,name,signup_date,plan', ...ACME_ROWS), 'people')).toEqual(expected);
  });

  it('reads the names people write: spaces, capitals, hyphens, camelCase and synonyms', () => {
    expect(autoMap(['Customer ID', 'E-mail', 'Full Name', 'Created At', 'Tier'], 'people')).toEqual({
      'Customer ID': 'user_id',
      'E-mail': 'email',
      'Full Name': 'name',
      'Created At': 'created_at',
      Tier: 'subscription_status',
    });
    expect(autoMap(['userId', 'mail', 'full_name', 'signupDate', 'subscription_plan'], 'people')).toEqual({
      userId: 'user_id',
      mail: 'email',
      full_name: 'name',
      signupDate: 'created_at',
      subscription_plan: 'subscription_status',
    });
    // The demo's own customer export.
    expect(autoMap(['customer_id', 'email', 'full_name', 'phone', 'age', 'city', 'signup_date', 'last_login', 'plan', 'lifetime_value', 'utm_source', 'utm_medium', 'accepts_marketing'], 'people')).toEqual({
      customer_id: 'user_id',
      email: 'email',
      full_name: 'name',
      phone: 'phone',
      age: 'age',
      city: 'location',
      signup_date: 'created_at',
      last_login: 'last_login',
      plan: 'subscription_status',
      lifetime_value: 'ltv',
      utm_source: 'source',
      utm_medium: 'medium',
      accepts_marketing: 'marketing_opt_in',
    });
  });

  it('matches a name that holds a synonym, the longer synonym first', () => {
    expect(autoMap(sampled('Signup Date (UTC),primary_email', ['2026-01-05', 'eve@example.com'], ['2026-02-01', 'dora@example.com']), 'people')).toEqual({
      'Signup Date (UTC)': 'created_at',
      primary_email: 'email',
    });
  });

  it('reads a bare id as the record of the kind: a person, an item, and for events nothing', () => {
    expect(autoMap(['id', 'name', 'price'], 'items')).toEqual({ id: 'item_id', name: 'title', price: 'price' });
    expect(autoMap(['id', 'user_id', 'event', 'timestamp'], 'events')).toEqual({ user_id: 'user_id', event: 'event_type', timestamp: 'event_time' });
  });

  it('gives each unified field to one column only, the better match first', () => {
    expect(autoMap(['email_address', 'email'], 'people')).toEqual({ email_address: 'email' });
    expect(autoMap(['contact_email', 'email'], 'people')).toEqual({ contact_email: 'email' });
  });

  it('leaves columns nobody names unmapped', () => {
    expect(autoMap(['score', 'notes', 'favourite_colour'], 'people')).toEqual({});
  });
});

describe('autoMap by values', () => {
  it('maps columns whose names say nothing from their values: ids, e-mails, names and dates', () => {
    const columns = sampled(
      'ref,col_b,col_c,col_d',
      ['R-001', 'eve@example.com', 'Eve One', '2026-01-05'],
      ['R-002', 'dora@example.com', 'Dora Four', '2026-01-08'],
      ['R-003', 'sam@example.com', 'Sam Okafor', '2026-02-11'],
    );
    expect(autoMap(columns, 'people')).toEqual({ ref: 'user_id', col_b: 'email', col_c: 'name', col_d: 'created_at' });
    // An events file's unnamed date is when the event happened.
    expect(autoMap(sampled('who,what,col_x', ['u1@example.com', 'view', '2026-03-01T10:00:00Z'], ['u2@example.com', 'view', '2026-03-01T11:00:00Z']), 'events')).toEqual({
      who: 'email',
      col_x: 'event_time',
    });
  });

  it('refuses a name that fits when the values do not', () => {
    const columns = sampled('email_verified,time_zone,email', ['yes', 'Europe/Paris', 'eve@example.com'], ['no', 'Asia/Tokyo', 'dora@example.com']);
    expect(autoMap(columns, 'people')).toEqual({ email: 'email' });
    expect(autoMap(sampled('time_zone,event,user_id', ['Europe/Paris', 'view', 'u1'], ['Asia/Tokyo', 'click', 'u2']), 'events')).toEqual({ event: 'event_type', user_id: 'user_id' });
    // A "contact" column of e-mail addresses is the e-mail, not the person's id.
    expect(autoMap(sampled('contact', ['eve@example.com'], ['dora@example.com']), 'people')).toEqual({ contact: 'email' });
  });

  it('keeps a column named as a field whose values are a little dirty', () => {
    const columns = sampled('email', ['eve@example.com'], ['not-an-email'], ['dora@example.com'], ['sam@example.com']);
    expect(autoMap(columns, 'people')).toEqual({ email: 'email' });
  });
});

describe('autoMap over a decided mapping', () => {
  it("keeps what a source decided and maps the file's other columns: a re-import maps like a new file", () => {
    const acme = { customer_id: 'user_id', email: 'email', full_name: 'name', signup_date: 'created_at', plan: 'subscription_status' };
    const fresh = autoMap(sampled('id,email,name,signup_date,plan', ...ACME_ROWS), 'people');
    expect(autoMap(sampled('id,email,name,signup_date,plan', ...ACME_ROWS), 'people', acme)).toEqual(fresh);
  });

  it("a decided column keeps its field, or stays unmapped with ''; its field is not given to another column", () => {
    expect(autoMap(['email', 'work_email', 'city'], 'people', { work_email: 'email', city: '' })).toEqual({ work_email: 'email' });
  });

  it('drops decided fields the kind cannot hold, and matches those columns afresh', () => {
    expect(autoMap(['email', 'price'], 'people', { email: 'title', price: 'price' })).toEqual({ email: 'email' });
  });
});

describe('valueKindOf', () => {
  it.each([
    [['AC-100001', 'AC-100002'], 'id'],
    [['eve@example.com', 'dora@example.com'], 'email'],
    [['Mia Jones', 'Kowalska, Anna', 'María García'], 'name'],
    [['2026-01-05', '2026-03-14T09:30:00Z'], 'date'],
    [['12.50', '1,240.00', '3'], 'number'],
    [['yes', 'no', 'yes'], 'boolean'],
    [['member', 'gold', 'member', 'platinum'], 'category'],
    [['Valencia is sunny', 'Leeds!', 'x/y', 'a+b'], 'text'],
    [['', ' '], 'empty'],
  ] as const)('%j is %s', (values, kind) => {
    expect(valueKindOf(values)).toBe(kind);
  });

  it("takes the server's reading when no value is at hand", () => {
    expect(valueKindOf([], 'datetime')).toBe('date');
  });
});

describe('suggestKind', () => {
  it('finds people, events and items from their headers', () => {
    expect(suggestKind(['id', 'email', 'name', 'signup_date', 'plan'])).toBe('people');
    expect(suggestKind(['event', 'user_id', 'timestamp'])).toBe('events');
    expect(suggestKind(['item_id', 'title', 'price', 'category'])).toBe('items');
  });
});

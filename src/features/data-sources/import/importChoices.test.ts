import { describe, expect, it } from 'vitest';
import type { ImportPreview } from '@domain/data/imports';
import { SOURCES } from '../fixtures';
import { duplicateTargets, initialChoices, missingRequired, toOptions, withKind } from './importChoices';
import { CUSTOMERS_PREVIEW, CUSTOMERS_TEMPLATE, PREVIEW_WITH_TEMPLATE } from './importFixtures';

const run = { dryRun: true, skipInvalid: false, sourceId: null, companyId: null };

describe('initialChoices', () => {
  it("starts from the server's suggestion, with the date range on the mapped date column", () => {
    expect(initialChoices(CUSTOMERS_PREVIEW)).toEqual({
      recordKind: 'people',
      mapping: { customer_id: 'user_id', email: 'email', full_name: 'name', city: 'location', signup_date: 'created_at', lifetime_value: 'ltv' },
      keyColumn: '',
      dateColumn: 'signup_date',
      dateRange: 'all',
    });
  });

  it('prefers the saved template: its mapping, key and date columns', () => {
    const choices = initialChoices(PREVIEW_WITH_TEMPLATE);
    expect(choices.mapping.city).toBe('');
    expect(choices.keyColumn).toBe(CUSTOMERS_TEMPLATE.keyColumn);
    expect(choices.dateColumn).toBe(CUSTOMERS_TEMPLATE.dateColumn);
  });

  it("takes an existing source's kind and key column, and drops what the file or the kind does not have", () => {
    const eventsPreview: ImportPreview = { ...CUSTOMERS_PREVIEW, suggestedKind: 'events', suggestedMapping: { email: 'email', city: 'no_such_field', gone: 'user_id' } };
    const choices = initialChoices(eventsPreview, { ...SOURCES.customersCsv, recordKind: 'people', keyField: 'not_in_file' });
    expect(choices.recordKind).toBe('people');
    expect(choices.keyColumn).toBe('');
    expect(Object.keys(choices.mapping)).toEqual(CUSTOMERS_PREVIEW.columns.map((column) => column.name));
  });

  it("re-imports with the source's own mapping for its columns, and maps the file's other columns as a new file would", () => {
    const source = { ...SOURCES.customersCsv, mapping: { customer_id: 'user_id', email: 'email', city: '' } };
    const choices = initialChoices(PREVIEW_WITH_TEMPLATE, source);
    // city stays as the source keeps it; the template is the source's mapping here.
    expect(choices.mapping).toEqual({ customer_id: 'user_id', email: 'email', full_name: 'name', city: '', signup_date: 'created_at', lifetime_value: 'ltv' });
    expect(choices.keyColumn).toBe('customer_id');
  });

  it('maps id, email, name, signup_date and plan the same for a new source and for "Import another file"', () => {
    const preview: ImportPreview = {
      ...CUSTOMERS_PREVIEW,
      columns: [
        { name: 'id', looksLike: 'string' },
        { name: 'email', looksLike: 'email' },
        { name: 'name', looksLike: 'string' },
        { name: 'signup_date', looksLike: 'datetime' },
        { name: 'plan', looksLike: 'string' },
      ],
      rows: [
        { id: 'AC-200001', email: 'mia@example.com', name: 'Mia Jones', signup_date: '2026-01-05', plan: 'gold' },
        { id: 'AC-200002', email: 'leo@example.com', name: 'Leo Smith', signup_date: '2026-02-11', plan: 'member' },
      ],
      suggestedKind: 'people',
      template: null,
    };
    const all = { id: 'user_id', email: 'email', name: 'name', signup_date: 'created_at', plan: 'subscription_status' };
    // The demo's customer list was imported from customer_id, full_name, ...: its mapping names other columns.
    const acmeCustomers = {
      ...SOURCES.customersCsv,
      mapping: { customer_id: 'user_id', email: 'email', full_name: 'name', signup_date: 'created_at', plan: 'subscription_status' },
    };
    expect(initialChoices(preview).mapping).toEqual(all);
    expect(initialChoices(preview, acmeCustomers).mapping).toEqual(all);
  });
});

describe('withKind', () => {
  it("brings the new kind's own mapping and keeps the columns chosen", () => {
    const items = withKind(CUSTOMERS_PREVIEW, { ...initialChoices(CUSTOMERS_PREVIEW), keyColumn: 'customer_id' }, 'items');
    expect(items.recordKind).toBe('items');
    expect(items.mapping.email).toBe('');
    expect(items.keyColumn).toBe('customer_id');
  });
});

describe('duplicateTargets and missingRequired', () => {
  it('names the column that took a unified field first', () => {
    expect(duplicateTargets({ email: 'email', contact: 'email', other: '', name: 'name' })).toEqual({ contact: 'email' });
  });

  it('lists the required fields of a kind that no column is mapped to', () => {
    expect(missingRequired('events', { when: 'event_time' })).toEqual({ allOf: ['event_type'], oneOf: ['user_id', 'email', 'anonymous_id'] });
    expect(missingRequired('people', { mail: 'email' })).toEqual({ allOf: [], oneOf: [] });
  });
});

describe('toOptions', () => {
  it('leaves unmapped columns out and applies no range without a date column', () => {
    const options = toOptions({ ...initialChoices(CUSTOMERS_PREVIEW), mapping: { email: 'email', city: '' }, dateColumn: '', dateRange: '30d' }, run);
    expect(options).toEqual({
      dryRun: true,
      recordKind: 'people',
      mapping: { email: 'email' },
      keyColumn: null,
      dateColumn: null,
      dateRange: 'all',
      skipInvalid: false,
      sourceId: null,
    });
  });

  it("sends a global admin's company and the source to update", () => {
    const options = toOptions(initialChoices(CUSTOMERS_PREVIEW), { ...run, sourceId: 'ds-1', companyId: 'c-1' });
    expect(options).toMatchObject({ sourceId: 'ds-1', companyId: 'c-1', dateColumn: 'signup_date' });
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { EXPORT_FIELDS } from '@domain/audience/export';
import { exportFieldsKey, rememberedFields, rememberFields } from './rememberedFields';

const ALL = EXPORT_FIELDS.map((field) => field.id);

describe('the fields an export starts with', () => {
  afterEach(() => localStorage.clear());

  it('are every field the first time', () => {
    expect([...rememberedFields('u-alice')]).toEqual(ALL);
    expect([...rememberedFields(undefined)]).toEqual(ALL);
  });

  it('are the last exported ones of the same user, in the page’s order', () => {
    rememberFields('u-alice', ['revenue', 'email']);
    expect([...rememberedFields('u-alice')]).toEqual(['email', 'revenue']);
    // Another user of the same browser keeps their own.
    expect([...rememberedFields('u-bob')]).toEqual(ALL);
  });

  it('leave out fields that no longer exist, and fall back to every field on a damaged entry', () => {
    localStorage.setItem(exportFieldsKey('u-alice'), JSON.stringify(['email', 'shoe_size']));
    expect([...rememberedFields('u-alice')]).toEqual(['email']);
    localStorage.setItem(exportFieldsKey('u-alice'), '{not json');
    expect([...rememberedFields('u-alice')]).toEqual(ALL);
    localStorage.setItem(exportFieldsKey('u-alice'), JSON.stringify(['shoe_size']));
    expect([...rememberedFields('u-alice')]).toEqual(ALL);
  });
});

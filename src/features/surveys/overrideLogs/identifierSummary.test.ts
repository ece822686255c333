import { describe, expect, it } from 'vitest';
import { identifierSummaryText, summarizeIdentifiers } from './identifierSummary';

const FIELDS = { email: 'user_email, email', uuid: 'user_id', custom: '' };

describe('summarizeIdentifiers', () => {
  it('names whether an identifier is required and each type with its field names, in their order', () => {
    expect(
      summarizeIdentifiers({
        requireIdentifier: true,
        identifierTypes: ['uuid', 'email'],
        identifierFields: FIELDS,
      }),
    ).toEqual({
      requirement: 'Required',
      types: 'UUID (user_id), Email (user_email, email)',
    });
  });

  it('names a type without field names on its own, and says when there is no type', () => {
    expect(
      summarizeIdentifiers({
        requireIdentifier: false,
        identifierTypes: ['custom'],
        identifierFields: FIELDS,
      }),
    ).toEqual({
      requirement: 'Not required',
      types: 'Custom',
    });
    expect(
      identifierSummaryText({
        requireIdentifier: false,
        identifierTypes: [],
        identifierFields: FIELDS,
      }),
    ).toBe('Not required: No identifier types');
  });
});

/** Identifier settings in a few words, for a table cell: whether one is required, and which. */
import { IDENTIFIER_TYPE_LABELS, type GlobalIdentifierSettings } from '@domain/survey/types';

type IdentifierSettings = Pick<GlobalIdentifierSettings, 'requireIdentifier' | 'identifierTypes' | 'identifierFields'>;

export interface IdentifierSummary {
  /** "Required" or "Not required". */
  requirement: string;
  /** "Email (user_email, email), UUID (user_id)": each type with the field names it is read from. */
  types: string;
}

export function summarizeIdentifiers({ requireIdentifier, identifierTypes, identifierFields }: IdentifierSettings): IdentifierSummary {
  const types = identifierTypes.map((type) => {
    const fields = identifierFields[type]?.trim();
    return fields ? `${IDENTIFIER_TYPE_LABELS[type]} (${fields})` : IDENTIFIER_TYPE_LABELS[type];
  });
  return {
    requirement: requireIdentifier ? 'Required' : 'Not required',
    types: types.length ? types.join(', ') : 'No identifier types',
  };
}

/** The summary on one line, for sorting and for reading aloud. */
export function identifierSummaryText(settings: IdentifierSettings): string {
  const { requirement, types } = summarizeIdentifiers(settings);
  return `${requirement}: ${types}`;
}

/**
 * What an export asks for (platform document, section 5): the fields, the date range and the file
 * name, checked by the same rules in the Export Data form and in the BFF's query parameters.
 */
import * as yup from 'yup';
import {
  DEFAULT_EXPORT_RANGE,
  EXPORT_FIELD_IDS,
  EXPORT_FIELDS,
  EXPORT_FILE_NAME_MAX,
  EXPORT_LABELS,
  EXPORT_RANGES,
  type ExportFieldId,
  type ExportRange,
} from './export';

export const EXPORT_REQUEST_MESSAGES = {
  noFields: EXPORT_LABELS.noFields,
  fields: `Must be a comma-separated list of: ${EXPORT_FIELD_IDS.join(', ')}`,
  range: `Must be one of ${EXPORT_RANGES.join(', ')}`,
  nameRequired: 'Enter a file name',
  nameTooLong: `The file name must be at most ${EXPORT_FILE_NAME_MAX} characters`,
  nameCharacters: 'Use letters, digits, spaces, dots, hyphens and underscores, starting with a letter or digit',
} as const;

/**
 * Characters that are safe in a file name on every system and inside Content-Disposition's quoted
 * filename: no path separators, quotes, control characters or reserved punctuation.
 */
const SAFE_FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9 ._-]*$/;

/** Why a file name cannot be used, or null when it can. The name is taken trimmed. */
export function exportFileNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return EXPORT_REQUEST_MESSAGES.nameRequired;
  if (trimmed.length > EXPORT_FILE_NAME_MAX) return EXPORT_REQUEST_MESSAGES.nameTooLong;
  if (!SAFE_FILE_NAME.test(trimmed)) return EXPORT_REQUEST_MESSAGES.nameCharacters;
  return null;
}

const isFieldId = (id: string): id is ExportFieldId => (EXPORT_FIELD_IDS as readonly string[]).includes(id);

/**
 * The fields of a comma-separated list, once each and in the order of EXPORT_FIELDS (the file's
 * column order whatever order they were ticked in); null when an entry names no field.
 */
export function exportFieldsOf(list: string): ExportFieldId[] | null {
  const ids = list.split(',').map((id) => id.trim());
  if (!ids.every(isFieldId)) return null;
  return EXPORT_FIELDS.map((field) => field.id).filter((id) => ids.includes(id));
}

/** The query value of a selection of fields, in EXPORT_FIELDS order. */
export const exportFieldsParam = (fields: Iterable<ExportFieldId>): string => {
  const chosen = new Set(fields);
  return EXPORT_FIELDS.filter((field) => chosen.has(field.id))
    .map((field) => field.id)
    .join(',');
};

export const isExportRange = (value: string): value is ExportRange => (EXPORT_RANGES as readonly string[]).includes(value);

const blank = (value: string | undefined) => value === undefined || value === '';
/** Longer than every field id joined: refused before it is split. */
const FIELDS_PARAM_MAX = EXPORT_FIELD_IDS.join(',').length * 2;

/** The query of the preview and the CSV download; query values arrive as strings. */
export const exportQuery = yup.object({
  fields: yup
    .string()
    .required(EXPORT_REQUEST_MESSAGES.noFields)
    .test('fields', EXPORT_REQUEST_MESSAGES.noFields, (value) => !blank(value?.trim()))
    .test('known', EXPORT_REQUEST_MESSAGES.fields, (value) => blank(value?.trim()) || (value!.length <= FIELDS_PARAM_MAX && exportFieldsOf(value!) !== null)),
  range: yup
    .string()
    .optional()
    .test('range', EXPORT_REQUEST_MESSAGES.range, (value) => blank(value) || isExportRange(value!)),
  name: yup
    .string()
    .optional()
    .test('name', function checkName(value) {
      if (value === undefined) return true;
      const problem = exportFileNameProblem(value);
      return problem ? this.createError({ message: problem }) : true;
    }),
});

export interface ExportRequest {
  fields: ExportFieldId[];
  range: ExportRange;
  /** Trimmed; absent when the query gave none. */
  name?: string;
}

/** The typed request of a query that passed exportQuery. */
export function exportRequestOf(query: yup.InferType<typeof exportQuery>): ExportRequest {
  const request: ExportRequest = {
    fields: exportFieldsOf(query.fields) ?? [],
    range: blank(query.range) ? DEFAULT_EXPORT_RANGE : (query.range as ExportRange),
  };
  if (query.name !== undefined) request.name = query.name.trim();
  return request;
}

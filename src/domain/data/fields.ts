/**
 * The Field Mapping panel and the Configure Data Mapping dialog (data document, sections 2, 3, 4
 * and 5): the unique fields of a company's connected sources, their unified mapping, custom
 * fields and removals, all kept per company on the server.
 */
import * as yup from 'yup';
import { LONG_TEXT_MAX, SHORT_TEXT_MAX } from '../limits';
import { optionalId } from '../params';

export const FIELD_TYPES = ['metric', 'dimension'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** One row of the panel: a field name found in one or more connected sources, or a custom field. */
export interface MappedField {
  /** The field's name in its sources (custom fields: custom_{timestamp}). */
  id: string;
  /** Lower-cased first source name and field name joined with underscores. */
  internalName: string;
  name: string;
  type: FieldType;
  description: string;
  isCustom: boolean;
  /** Names and ids of the connected sources that have this field. */
  sources: string[];
  sourceIds: string[];
  /** The unified field it is mapped to, or null. */
  unifiedField: string | null;
  /** Removed from the mapping (hidden from the panel; the dialog can restore it). */
  removed: boolean;
}

/** How a field's type is named on screen. */
export const FIELD_TYPE_LABELS: Record<FieldType, string> = { metric: 'Metric', dimension: 'Dimension' };

export const FIELD_MAPPING_LABELS = {
  /** The specification's columns; the field's name leads (as a label), its internal name beside it in small type. */
  columns: ['Field Name', 'Internal Name', 'Type', 'Sources', 'Actions'],
  notMapped: 'Not mapped',
  allSources: 'All Sources',
  search: 'Search fields',
  shownOfTotal: (shown: number, total: number) => `${shown} of ${total} fields`,
  removeTitle: 'Remove Field',
  removeConfirm: (name: string) => `Remove "${name}" from the mapping? You can restore it from Configure Data Mapping.`,
  addCustomField: 'Add Custom Field',
  restore: 'Restore',
  /** The panel's list scrolls past this height (specification, section 2). */
  listMaxHeightPx: 400,
} as const;

/** One field's setting: its unified mapping, its type, or its removal (or restoring it). */
export const fieldSettingSchema = yup
  .object({
    name: yup.string().required('Field name is required').max(SHORT_TEXT_MAX),
    unifiedField: yup.string().max(100).nullable(),
    type: yup.string().oneOf(FIELD_TYPES),
    removed: yup.boolean(),
    companyId: optionalId(),
  })
  .noUnknown('Unknown field: ${unknown}');
export type FieldSettingInput = yup.InferType<typeof fieldSettingSchema>;

const nonBlank = (message: string) =>
  yup
    .string()
    .required(message)
    .test('not-blank', message, (value) => value.trim() !== '');

/** Name and description both non-empty after trimming (section 5). */
export const customFieldSchema = yup.object({
  name: nonBlank('Name is required').max(SHORT_TEXT_MAX),
  description: nonBlank('Description is required').max(LONG_TEXT_MAX),
  type: yup.string().oneOf(FIELD_TYPES).default('dimension'),
  unifiedField: yup.string().max(100).nullable().default(null),
  companyId: optionalId(),
});
export type CustomFieldInput = yup.InferType<typeof customFieldSchema>;

/**
 * Data types (platform document, sections 2 to 8): named fields a survey question can be bound
 * to. A type belongs to one company, or to no company (a global type every company sees).
 */
import * as yup from 'yup';
import { LONG_TEXT_MAX, SHORT_TEXT_MAX } from '../limits';
import { ALL_COMPANIES, optionalId, uuid } from '../params';

export const DATA_TYPE_KINDS = ['static', 'dynamic'] as const;
export type DataTypeKind = (typeof DATA_TYPE_KINDS)[number];
export const DATA_TYPE_KIND_LABELS: Record<DataTypeKind, string> = { static: 'Static', dynamic: 'Dynamic' };

export interface DataType {
  id: string;
  name: string;
  dataFieldName: string;
  type: DataTypeKind;
  description: string | null;
  /** null: a global type. */
  companyId: string | null;
  companyName: string | null;
  createdByName: string | null;
  createdByProfileName: string | null;
  createdByEmail: string | null;
  createdAt: string;
}

export const DATA_TYPE_MESSAGES = {
  loadFailed: (detail: string) => `Failed to load data types: ${detail}`,
  createFailed: (detail: string) => `Failed to create data type: ${detail}`,
  updateFailed: (detail: string) => `Failed to update data type: ${detail}`,
  deleteFailed: (detail: string) => `Failed to delete data type: ${detail}`,
  created: 'Data type created successfully!',
  updated: 'Data type updated successfully!',
  deleted: 'Data type deleted successfully!',
  confirmDelete: 'Are you sure you want to delete this data type?',
  noneFound: 'No Data Types Found',
  noneFoundHint: 'Create your first data type to bind survey questions to your data.',
  noneMatch: 'No Data Types Match Your Filters',
  nameRequired: 'Name is required',
  dataFieldNameRequired: 'Data Field Name is required',
  typeRequired: 'Type is required',
  onlyGlobalAdminEditsGlobal: 'Only a global admin can change a global data type',
  tooLong: (max: number) => `Must be at most ${max} characters`,
} as const;

/** The company filter of the page (admin only): every company, only global types, or one company. */
export const DATA_TYPE_COMPANY_FILTERS = { all: 'All Companies', global: 'Global Only' } as const;

/** The companyFilter value that lists only the global types (company null). */
export const GLOBAL_DATA_TYPES = 'global';

export const DATA_TYPE_FILTER_MESSAGE = "Must be a company id, 'all' or 'global'";

/**
 * GET /api/data-types: a global admin's filter. 'all' (or absent) lists every type, 'global' only
 * the global ones, a company id that company's and the global ones. Other callers see their own
 * company's types and the global ones; naming another company answers 404 (bff/middleware/tenant.ts).
 */
export const dataTypeListQuery = yup.object({
  companyFilter: yup
    .string()
    .optional()
    .test(
      'data-type-company-filter',
      DATA_TYPE_FILTER_MESSAGE,
      (value) =>
        value === undefined || value === '' || value === ALL_COMPANIES || value === GLOBAL_DATA_TYPES || uuid().isValidSync(value),
    ),
});

const required = (message: string) =>
  yup
    .string()
    .required(message)
    .test('not-blank', message, (value) => value.trim() !== '')
    .max(SHORT_TEXT_MAX, DATA_TYPE_MESSAGES.tooLong(SHORT_TEXT_MAX));

export const dataTypeSchema = yup.object({
  name: required(DATA_TYPE_MESSAGES.nameRequired),
  dataFieldName: required(DATA_TYPE_MESSAGES.dataFieldNameRequired),
  type: yup.string().oneOf(DATA_TYPE_KINDS, DATA_TYPE_MESSAGES.typeRequired).required(DATA_TYPE_MESSAGES.typeRequired),
  description: yup.string().max(LONG_TEXT_MAX, DATA_TYPE_MESSAGES.tooLong(LONG_TEXT_MAX)).nullable().default(''),
  /** On create only: the company a global admin files it under; absent or null with "all": global. */
  companyId: optionalId(),
});
export type DataTypeInput = yup.InferType<typeof dataTypeSchema>;

/** What the form resets to after Cancel or a successful save. */
export const BLANK_DATA_TYPE: Pick<DataTypeInput, 'name' | 'dataFieldName' | 'type' | 'description'> = {
  name: '',
  dataFieldName: '',
  type: 'static',
  description: '',
};

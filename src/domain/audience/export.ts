/**
 * Export Data (platform document, sections 2, 3, 5 and 9): the ten fields read from the unified
 * profiles, the date ranges, the file name and the preview size.
 */

export type ExportFieldType = 'string' | 'number' | 'datetime';

/** Export field (section 3). */
export interface ExportField {
  id: ExportFieldId;
  name: string;
  description: string;
  type: ExportFieldType;
  /** Where the value comes from in the unified profile. */
  sources: string[];
}

export const EXPORT_FIELD_IDS = ['user_id', 'email', 'name', 'age', 'location', 'created_at', 'last_login', 'subscription_status', 'revenue', 'source'] as const;
export type ExportFieldId = (typeof EXPORT_FIELD_IDS)[number];

export const EXPORT_FIELDS: readonly ExportField[] = [
  { id: 'user_id', name: 'User ID', description: 'The person’s id in your own systems, or the profile’s id when none was given.', type: 'string', sources: ['People records', 'Events', 'Survey identifiers'] },
  { id: 'email', name: 'Email', description: 'E-mail address, lower-cased.', type: 'string', sources: ['People records', 'Survey identifiers'] },
  { id: 'name', name: 'Name', description: 'Full name.', type: 'string', sources: ['People records'] },
  { id: 'age', name: 'Age', description: 'Age in years.', type: 'number', sources: ['People records'] },
  { id: 'location', name: 'Location', description: 'City, region or country.', type: 'string', sources: ['People records'] },
  { id: 'created_at', name: 'Created At', description: 'When the person became a customer, or was first seen.', type: 'datetime', sources: ['People records', 'Events'] },
  { id: 'last_login', name: 'Last Login', description: 'When the person was last seen.', type: 'datetime', sources: ['People records', 'Events', 'Survey responses'] },
  { id: 'subscription_status', name: 'Subscription Status', description: 'active, trialing, past_due, canceled…', type: 'string', sources: ['People records', 'Payments'] },
  { id: 'revenue', name: 'Revenue', description: 'Lifetime revenue from the person.', type: 'number', sources: ['Payments', 'Events'] },
  { id: 'source', name: 'Source', description: 'The data sources the profile joins, separated by semicolons.', type: 'string', sources: ['Every connected source'] },
];

export const EXPORT_RANGES = ['7d', '30d', '90d', '1y', 'all'] as const;
export type ExportRange = (typeof EXPORT_RANGES)[number];
export const DEFAULT_EXPORT_RANGE: ExportRange = '30d';
export const EXPORT_RANGE_LABELS: Record<ExportRange, string> = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  '1y': 'Last year',
  all: 'All time',
};
/** Days back from now a range reaches (profiles last seen since then); null for all time. */
export const EXPORT_RANGE_DAYS: Record<ExportRange, number | null> = { '7d': 7, '30d': 30, '90d': 90, '1y': 365, all: null };

export const DEFAULT_EXPORT_FILE_NAME = 'data_export';
export const EXPORT_FILE_NAME_MAX = 100;
export const EXPORT_PREVIEW_ROWS = 10;

export const EXPORT_LABELS = {
  configuration: 'Export Configuration',
  fileName: 'File Name',
  dateRange: 'Date Range',
  selectFields: 'Select Fields to Export',
  selectAll: 'Select All',
  clearAll: 'Clear All',
  preview: 'Preview Data',
  download: 'Download CSV',
  noFields: 'Please select at least one field to export',
} as const;

/** The file name is the entered name, an underscore and the range, with extension .csv (section 5). */
export function exportFileName(name: string, range: ExportRange): string {
  const base = name.trim() || DEFAULT_EXPORT_FILE_NAME;
  return `${base}_${range}.csv`;
}

/** One exported row, by field id. */
export type ExportRow = Partial<Record<ExportFieldId, string | number | null>>;

export interface ExportPreview {
  fields: ExportFieldId[];
  rows: ExportRow[];
  /** How many rows the download will have. */
  total: number;
}

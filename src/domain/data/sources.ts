/**
 * Connected data sources, their calls and their wording (data document, sections 3, 5, 7 and 8).
 * The screens and the BFF both read the schemas and messages here.
 */
import * as yup from 'yup';
import { LONG_TEXT_MAX, SHORT_TEXT_MAX } from '../limits';
import { optionalId } from '../params';
import { requiredTrimmed, trimmed } from '../text';
import { settingValuesSchema, type ConnectorKind, type ConnectorSettingValues, type IngestEndpoint, type SyncRunView, type SyncSchedule } from './connectors';
import { RECORD_KINDS, type FieldMapping, type RecordKind } from './unifiedModel';

export const DATA_SOURCE_STATUSES = ['active', 'syncing', 'error'] as const;
export type DataSourceStatus = (typeof DATA_SOURCE_STATUSES)[number];

export const FILE_UPLOAD_TYPE = 'File Upload';

/** A connected source as the API answers it. Credentials are never part of it. */
export interface DataSource {
  id: string;
  companyId: string;
  name: string;
  description: string | null;
  /** 'File Upload' for imports, the catalogue category otherwise. */
  type: string;
  status: DataSourceStatus;
  records: number;
  lastSync: string | null;
  /** Settings that are not secret, as a JSON string (the specification's shape). */
  config: string;
  availableDataSource: { id: string; name: string } | null;
  recordKind: RecordKind;
  /** The source's own fields (columns), in order. */
  fields: string[];
  /** Source field → unified field. */
  mapping: FieldMapping;
  /** Whether a key is stored (the key itself is never returned). */
  hasCredentials: boolean;
  /** The column whose value identifies a record across imports (upserts), when one is set. */
  keyField: string | null;
  createdAt: string;
  /** How its records arrive; null for an imported file (and a source whose connector is gone). */
  connectorKind: ConnectorKind | null;
  /** How often it syncs by itself (pulled sources). */
  schedule: SyncSchedule;
  /** The connector's non-secret settings (secret ones are never returned). */
  settings: ConnectorSettingValues;
  /** The latest sync run, when there is one. */
  lastRun: SyncRunView | null;
  /** Pushed (webhook) sources: the ingestion URL and the secret's hint. */
  ingest: IngestEndpoint | null;
}

export const DATA_SOURCE_MESSAGES = {
  loadFailed: 'Failed to load data sources',
  refreshFailed: 'Failed to refresh data sources',
  deleteFailed: 'Failed to delete data source. Please try again.',
  importFailed: 'Error processing the file. Please try again.',
  imported: (file: string, count: number) => `Successfully imported ${file}! ${count} records processed and ready for database storage.`,
  fieldRemoved: (name: string) => `Field "${name}" removed from auto-generated mapping.`,
  fieldRestored: (name: string) => `Field "${name}" restored to the mapping.`,
  connected: (name: string) => `${name} connected.`,
  settingsSaved: (name: string) => `${name} settings saved.`,
  deleted: (name: string) => `${name} deleted.`,
  mappingSaved: 'Data mapping saved.',
  customFieldAdded: (name: string) => `Custom field "${name}" added.`,
  requestSent: "Request sent. We'll get back to you by e-mail within 2-3 business days.",
  noneConnected: 'No Data Sources Connected',
  browseSources: 'Browse Available Sources',
  deleting: 'Deleting...',
  invalidJson: 'Invalid JSON format',
} as const;

export const DATA_SOURCE_LABELS = {
  /** What the page is for, under its title. */
  subtitle: 'Bring in your customers, events and catalogue: connect apps and databases or import CSV, Excel and JSON files, then map their fields to the unified data model.',
  importFile: 'Import a file',
  connectSource: 'Connect a source',
  connectedTab: (count: number) => `Connected Sources (${count})`,
  availableTab: 'Available Sources',
  syncNow: 'Sync Now',
  delete: 'Delete',
  fieldMapping: 'Field Mapping',
  configureMapping: 'Configure Data Mapping',
  importData: 'Import Data',
  removeField: 'Remove Field',
  deleteSource: 'Delete Data Source',
} as const;

/**
 * Connecting a catalogue source: the connector's settings (its definition says which are required
 * and which are secret), or for a vendor source its key (a password field) and an optional account
 * id. The server checks the settings against the connector's definition.
 */
export const connectSourceSchema = yup.object({
  catalogueId: yup.string().required('Choose a source to connect').max(SHORT_TEXT_MAX),
  /** Its name; another source of the same entry needs a name of its own ("Stripe EU" beside "Stripe"). Default: the entry's name. */
  name: trimmed(SHORT_TEXT_MAX).optional(),
  apiKey: trimmed(LONG_TEXT_MAX).optional(),
  accountId: trimmed(SHORT_TEXT_MAX).nullable().optional(),
  settings: settingValuesSchema.optional(),
  /** The company to connect it for: a global admin's choice; everyone else connects for their own. */
  companyId: optionalId(),
});
export type ConnectSourceInput = yup.InferType<typeof connectSourceSchema>;

/**
 * Test connection takes what connecting takes. From a saved source's settings it also names the
 * source: the secrets its form leaves blank (never shown again) are then the stored ones, and a
 * setting left out is the stored value.
 */
export const testConnectionSchema = connectSourceSchema.shape({ sourceId: optionalId() });
export type TestConnectionInput = yup.InferType<typeof testConnectionSchema>;

/** A partial change; `status: 'syncing'` is Sync Now. A new apiKey replaces (rotates) the stored one. */
export const updateSourceSchema = yup
  .object({
    name: requiredTrimmed('Name is required', SHORT_TEXT_MAX).optional(),
    description: trimmed(LONG_TEXT_MAX).nullable(),
    status: yup.string().oneOf(['syncing'], "Only 'syncing' (Sync Now) can be requested"),
    apiKey: requiredTrimmed('API key is required', LONG_TEXT_MAX).optional(),
    accountId: trimmed(SHORT_TEXT_MAX).nullable(),
    recordKind: yup.string().oneOf(RECORD_KINDS),
    keyField: yup.string().max(SHORT_TEXT_MAX).nullable(),
    /** Changed connector settings; a secret setting left out keeps its stored value. */
    settings: settingValuesSchema.optional(),
  })
  .noUnknown('Unknown field: ${unknown}');
export type UpdateSourceInput = yup.InferType<typeof updateSourceSchema>;

export const customApiRequestSchema = yup.object({
  serviceName: requiredTrimmed('Service name is required', SHORT_TEXT_MAX),
  documentationUrl: requiredTrimmed('Documentation link is required', LONG_TEXT_MAX).url('Please enter a valid URL'),
});
export type CustomApiRequestInput = yup.InferType<typeof customApiRequestSchema>;

/**
 * Connectors: what moves a connected source's data into Navout. Each connectable catalogue entry
 * has a connector; its settings (what the connect dialog asks for), its secret (stored encrypted,
 * never returned), and how its records arrive: pulled by a sync run, or pushed to the source's
 * ingestion URL. The BFF and the screens both read this file.
 */
import * as yup from 'yup';
import { LONG_TEXT_MAX, SHORT_TEXT_MAX } from '../limits';

/** How often a pulled source syncs by itself. */
export const SYNC_SCHEDULES = ['off', 'hourly', 'daily'] as const;
export type SyncSchedule = (typeof SYNC_SCHEDULES)[number];
export const SYNC_SCHEDULE_LABELS: Record<SyncSchedule, string> = { off: 'Off', hourly: 'Every hour', daily: 'Every day' };
export const SYNC_SCHEDULE_MS: Record<Exclude<SyncSchedule, 'off'>, number> = { hourly: 3_600_000, daily: 86_400_000 };

export const SYNC_RUN_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type SyncRunStatus = (typeof SYNC_RUN_STATUSES)[number];
export const SYNC_RUN_TRIGGERS = ['manual', 'schedule'] as const;
export type SyncRunTrigger = (typeof SYNC_RUN_TRIGGERS)[number];

/** Attempts of one run before it fails for good, and the wait before each retry (doubling). */
export const SYNC_MAX_ATTEMPTS = 4;
export const SYNC_RETRY_BASE_MS = 30_000;
/** Runs kept per source in the history. */
export const SYNC_HISTORY_LIMIT = 20;

/** One sync run as the history shows it. */
export interface SyncRunView {
  id: string;
  sourceId: string;
  status: SyncRunStatus;
  trigger: SyncRunTrigger;
  /** 1 for the first try. */
  attempt: number;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** When a queued retry may start. */
  runAfter: string;
  added: number;
  updated: number;
  failed: number;
  /** Records read so far (progress while running). */
  processed: number;
  firstError: string | null;
}

/** How a source's records arrive. */
export type ConnectorKind = 'webhook' | 'rest' | 'graphql' | 'database' | 'vendor';

/** A setting the connect dialog asks for. Secret settings are stored encrypted and never returned. */
export interface ConnectorSetting {
  name: string;
  label: string;
  input: 'text' | 'url' | 'password' | 'textarea' | 'number' | 'select' | 'checkbox';
  required: boolean;
  secret?: boolean;
  help?: string;
  placeholder?: string;
  options?: ReadonlyArray<{ value: string; label: string }>;
  defaultValue?: string;
}

export interface ConnectorDefinition {
  catalogueId: string;
  kind: ConnectorKind;
  settings: readonly ConnectorSetting[];
  /** Where the vendor documents the API the connector calls (shown in the dialog). */
  documentation?: string;
}

/** Settings as the connect and update calls carry them: non-secret and secret values by name. */
export type ConnectorSettingValues = Record<string, string | boolean>;

// --- ingestion (the Webhook source and the customer data platform's destination) ---------------

/** The largest request body the ingestion URL accepts. */
export const INGEST_MAX_BYTES = 1_048_576;
/** Records in one batch. */
export const INGEST_MAX_BATCH = 1_000;
/** Requests per source per minute. */
export const INGEST_RATE_PER_MINUTE = 6_000;
/** The header carrying a source's ingestion secret (or `Authorization: Bearer <secret>`). */
export const INGEST_SECRET_HEADER = 'x-navout-ingest-secret';
export const INGEST_SECRET_PREFIX = 'nvi_';
/**
 * Segment's HTTP Tracking API under an ingestion URL ({url}/v1/{call}): the HTTP API's paths, and the
 * one-letter ones analytics.js posts to (its apiHost + /t, /i, /p…, /b when it batches).
 */
export const SEGMENT_CALL_PATHS = {
  batch: 'batch',
  b: 'batch',
  track: 'track',
  t: 'track',
  identify: 'identify',
  i: 'identify',
  page: 'page',
  p: 'page',
  screen: 'screen',
  s: 'screen',
  group: 'group',
  g: 'group',
  alias: 'alias',
  a: 'alias',
} as const;

/** What the ingestion URL answers: what was stored, and a clear reason per refused record. */
export interface IngestResult {
  accepted: number;
  duplicates: number;
  rejected: Array<{ index: number; error: string }>;
}

/** The webhook source's ingestion details, shown on its card. The secret only once, when made. */
export interface IngestEndpoint {
  url: string;
  secretHint: string;
  /** Present only in the answer that created or rotated it. */
  secret?: string;
}

// --- calls --------------------------------------------------------------------------------------

export const scheduleSchema = yup.object({
  schedule: yup.string().oneOf(SYNC_SCHEDULES, 'Choose off, hourly or daily').required('Choose off, hourly or daily'),
});

/** Settings values: strings and booleans, bounded. */
export const settingValuesSchema = yup
  .object()
  .test('settings', 'Settings must be names with text or yes/no values', (value) => {
    if (value === undefined || value === null) return true;
    const entries = Object.entries(value as Record<string, unknown>);
    return (
      entries.length <= 40 &&
      entries.every(([name, each]) => name.length <= SHORT_TEXT_MAX && (typeof each === 'boolean' || (typeof each === 'string' && each.length <= LONG_TEXT_MAX * 4)))
    );
  });

export const CONNECTOR_MESSAGES = {
  testPassed: (name: string) => `Connected to ${name}: the credentials work.`,
  syncStarted: (name: string) => `Sync of ${name} started.`,
  scheduleSaved: (name: string, schedule: SyncSchedule) => `${name} syncs ${schedule === 'off' ? 'only when you click Sync Now' : SYNC_SCHEDULE_LABELS[schedule].toLowerCase()}.`,
  secretRotated: 'New ingestion secret created. Copy it now: it will not be shown again.',
  alreadySyncing: (name: string) => `${name} is already syncing.`,
  noConnector: 'This source has no connector yet. Ask for one with Request Custom API.',
  pushedSource: (name: string) => `${name} receives records at its ingestion URL: there is nothing to pull.`,
  recordsProcessed: (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'record' : 'records'} read so far`,
  secretStored: 'Stored — leave blank to keep.',
  secretCreated: 'Send records to this URL with the secret below. Copy the secret now: it will not be shown again.',
  secretFailed: 'The source is connected, but its ingestion secret could not be created. Try again, or use Rotate secret on its card later.',
  runsFailed: 'Failed to load the sync history',
  rotateConfirm: (name: string) => `Senders still using the current secret of ${name} will be refused until they switch to the new one.`,
  rotateFailed: (name: string) => `Failed to create a new ingestion secret for ${name}`,
  scheduleFailed: (name: string) => `Failed to change the schedule of ${name}`,
  syncFailed: (name: string) => `Failed to sync ${name}`,
} as const;

export const CONNECTOR_LABELS = {
  testConnection: 'Test connection',
  testing: 'Testing...',
  schedule: 'Schedule',
  history: 'Sync history',
  noRuns: 'No syncs yet.',
  ingestionUrl: 'Ingestion URL',
  ingestionSecret: 'Ingestion secret',
  rotateSecret: 'Rotate secret',
  started: 'Started',
  finished: 'Finished',
  added: 'Added',
  updated: 'Updated',
  failed: 'Failed',
  firstError: 'First error',
  status: 'Status',
  syncProgress: 'Sync progress',
  done: 'Done',
  copyUrl: 'Copy URL',
  copySecret: 'Copy secret',
  copyCommand: 'Copy command',
  curlExample: 'Try it with curl',
  secretDialogTitle: (name: string) => `${name}: ingestion secret`,
  syncHistoryOf: (name: string) => `Sync history of ${name}`,
  scheduleOf: (name: string) => `Schedule of ${name}`,
} as const;

/** A sync run's status as the history table shows it. */
export const SYNC_RUN_STATUS_LABELS: Record<SyncRunStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  succeeded: 'Succeeded',
  failed: 'Failed',
};

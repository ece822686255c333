import pino, { type Logger } from 'pino';
import { catalogueSource, fieldSetOf, REQUEST_CUSTOM_API_ID, type CatalogueSource } from '@domain/data/catalogue';
import { CONNECTOR_MESSAGES, SYNC_SCHEDULE_MS, type ConnectorDefinition, type ConnectorSettingValues, type SyncRunView, type SyncSchedule } from '@domain/data/connectors';
import { connectorDefinition } from '@domain/data/connectorSettings';
import {
  FILE_UPLOAD_TYPE,
  type ConnectSourceInput,
  type DataSource as DataSourceView,
  type TestConnectionInput,
  type UpdateSourceInput,
} from '@domain/data/sources';
import { unifiedField, type FieldMapping } from '@domain/data/unifiedModel';
import type { Config } from '../../../config';
import { DataRecord, DataSource, FieldSetting, ImportTemplate, IngestMessage, SyncRun } from '../../../entities';
import { apiError } from '../../../platform/errors';
import { companyFor, findInReach } from '../../../middleware/tenant';
import type { Actor, Orm } from '../../../types';
import { createConnectorFetch } from '../connectors/http';
import { connectorFor } from '../connectors/registry';
import { checkSettings, settingsOf, type CheckedSettings } from '../connectors/settings';
import { ConnectorError } from '../connectors/types';
import { presentTemplate } from '../imports/templates';
import { ingestEndpointOf } from '../ingestion/secret';
import { syncQueued } from '../sync/nudge';
import { createSyncQueue, presentRun } from '../sync/queue';
import { readSecrets, sealSecrets } from '../sync/secrets';
import { DATA_SOURCE_NOT_FOUND, presentDataSource } from './present';


export const TEMPLATE_NOT_FOUND = { error: 'Mapping template not found', message: 'No mapping template with this id exists in your reach.' };

/**
 * A new catalogue source's mapping: each field to its built-in unified field, unless the company
 * already chose another one for a field of that name (field_settings), when that choice fits.
 */
export function initialMapping(catalogue: CatalogueSource, chosen: readonly FieldSetting[]): FieldMapping {
  const mapping: FieldMapping = {};
  for (const field of fieldSetOf(catalogue.id)) {
    const choice = chosen.find((setting) => setting.name === field.name && !setting.customId);
    const target = choice ? choice.unifiedField : field.unifiedField;
    const fits = target && unifiedField(catalogue.recordKind, target) && !Object.values(mapping).includes(target);
    if (fits) mapping[field.name] = target;
  }
  return mapping;
}

/** A connection test gets one retry and a shorter time limit: someone is waiting on the dialog. */
const TEST_TIMEOUT_MS = 15_000;

const fileRefusal = (source: DataSource) => `${source.name} is an imported file: import the updated file with Import Data to refresh its records.`;

/** Why a source cannot be pulled (files, pushed sources, sources without a connector), or null. */
function pullRefusal(source: DataSource) {
  if (source.type === FILE_UPLOAD_TYPE) return apiError('sync_unavailable', { message: fileRefusal(source) });
  const definition = connectorDefinition(source.catalogueId);
  if (definition?.kind === 'webhook') return apiError('connector_unavailable', { error: 'Nothing to pull', message: CONNECTOR_MESSAGES.pushedSource(source.name) });
  if (!definition || !connectorFor(source.catalogueId)) return apiError('connector_unavailable', { message: CONNECTOR_MESSAGES.noConnector });
  return null;
}

/** The settings as the connect and test calls carry them: `apiKey` is the `apiKey` secret setting of vendor connectors. */
function settingsInput(definition: ConnectorDefinition, input: { apiKey?: string; settings?: object }): ConnectorSettingValues {
  const settings = { ...(input.settings as ConnectorSettingValues | undefined) };
  if (input.apiKey !== undefined && settings.apiKey === undefined) {
    if (!definition.settings.some((setting) => setting.name === 'apiKey')) {
      throw apiError('validation_failed', { fields: { apiKey: 'This source takes no API key' }, message: 'Fill in the settings the source asks for.' });
    }
    settings.apiKey = input.apiKey;
  }
  return settings;
}

export interface RecordPage {
  records: Array<{
    id: string;
    data: Record<string, unknown>;
    unified: Record<string, unknown>;
    _import_metadata: { importId: string | null; sourceFile: string | null; sourceType: string; importedAt: string; recordIndex: number };
  }>;
  total: number;
  page: number;
  limit: number;
}

export interface DataSourceServiceOptions {
  orm: Orm;
  config: Pick<Config, 'credentialsKey' | 'connectorAllowPrivate' | 'database' | 'publicUrl'>;
  logger?: Logger;
  clock?: () => Date;
}

export function createDataSourceService({ orm, config, logger = pino({ level: 'silent' }), clock = () => new Date() }: DataSourceServiceOptions) {
  const queue = createSyncQueue({ orm, config, clock });

  function definitionOf(catalogueId: string): ConnectorDefinition {
    const definition = connectorDefinition(catalogueId);
    if (!definition) throw apiError('connector_unavailable', { message: CONNECTOR_MESSAGES.noConnector });
    return definition;
  }

  function checked(definition: ConnectorDefinition, input: ConnectorSettingValues, stored?: CheckedSettings): CheckedSettings {
    const result = checkSettings(definition, input, stored, { allowPrivate: config.connectorAllowPrivate });
    if ('fields' in result) {
      const first = Object.values(result.fields)[0]!;
      throw apiError('validation_failed', { error: first, message: `Check these settings: ${Object.keys(result.fields).join(', ')}.`, fields: result.fields });
    }
    return result;
  }

  function storedSettings(source: DataSource): CheckedSettings {
    let secrets: Record<string, string> = {};
    try {
      secrets = readSecrets(source.credentials, config.credentialsKey);
    } catch {
      // Unreadable (the key changed): the update must give every secret again.
    }
    return { settings: settingsOf(source), secrets };
  }

  /** Each source with its latest run (one query for all) and, for pushed sources, its ingestion URL. */
  async function present(sources: DataSource[]): Promise<DataSourceView[]> {
    const latest = await queue.latestRuns(sources.map((source) => source.id));
    return sources.map((source) => presentDataSource(source, { lastRun: latest.get(source.id) ?? null, ingest: ingestEndpointOf(source, config) }));
  }

  return {
    queue,

    async list(companyId: string | undefined): Promise<DataSourceView[]> {
      const sources = await orm.em.find(DataSource, companyId ? { companyId } : {}, { orderBy: { createdAt: 'asc', id: 'asc' } });
      return present(sources);
    },

    async connect(actor: Actor, input: ConnectSourceInput): Promise<DataSourceView> {
      const companyId = await companyFor(orm.em, actor, input.companyId);
      const catalogue = catalogueSource(input.catalogueId);
      if (!catalogue || catalogue.id === REQUEST_CUSTOM_API_ID) {
        throw apiError('validation_failed', { fields: { catalogueId: 'Unknown source' }, message: 'Choose a source from the catalogue.' });
      }
      if (catalogue.isImport) {
        throw apiError('validation_failed', { fields: { catalogueId: 'Files are connected by importing them' }, message: 'Use Import Data to connect a file.' });
      }
      const definition = definitionOf(catalogue.id);
      const { settings, secrets } = checked(definition, settingsInput(definition, input));
      const existing = await orm.em.findOne(DataSource, { companyId, catalogueId: catalogue.id });
      if (existing) throw apiError('already_exists', { error: `${catalogue.name} is already connected`, message: 'Open its settings to rotate the key or change the mapping.' });
      const keyField = typeof settings.keyField === 'string' ? settings.keyField : (connectorFor(catalogue.id)?.keyField ?? null);
      const source = orm.em.create(DataSource, {
        companyId,
        name: catalogue.name,
        description: catalogue.description,
        type: catalogue.category,
        catalogueId: catalogue.id,
        status: 'active',
        config: { ...(input.accountId ? { accountId: input.accountId } : {}), settings },
        credentials: sealSecrets(secrets, config.credentialsKey),
        recordKind: catalogue.recordKind,
        fields: fieldSetOf(catalogue.id).map((field) => field.name),
        mapping: initialMapping(catalogue, await orm.em.find(FieldSetting, { companyId })),
        keyField,
        createdById: actor.kind === 'user' ? actor.id : null,
      });
      await orm.em.flush();
      return (await present([source]))[0]!;
    },

    /**
     * One cheap call with the given settings; the vendor's own words when it refuses. With
     * `sourceId` (a saved source in the caller's reach), the settings are checked over the stored
     * ones as an update is: a secret left out or blank is the stored secret.
     */
    async testConnection(actor: Actor, input: TestConnectionInput): Promise<{ message: string }> {
      const saved = input.sourceId ? await findInReach(orm.em, actor, DataSource, input.sourceId, DATA_SOURCE_NOT_FOUND) : null;
      if (!saved) await companyFor(orm.em, actor, input.companyId);
      else if (input.companyId && input.companyId !== saved.companyId) throw apiError('not_found', DATA_SOURCE_NOT_FOUND);
      const catalogue = catalogueSource(input.catalogueId);
      if (!catalogue) throw apiError('validation_failed', { fields: { catalogueId: 'Unknown source' }, message: 'Choose a source from the catalogue.' });
      if (saved && saved.catalogueId !== catalogue.id) {
        throw apiError('validation_failed', { fields: { sourceId: `Not a ${catalogue.name} source` }, message: 'Test the source with its own catalogue entry.' });
      }
      const definition = definitionOf(catalogue.id);
      if (definition.kind === 'webhook') throw apiError('connector_unavailable', { error: 'Nothing to pull', message: CONNECTOR_MESSAGES.pushedSource(catalogue.name) });
      const connector = connectorFor(catalogue.id);
      if (!connector) throw apiError('connector_unavailable', { message: CONNECTOR_MESSAGES.noConnector });
      const { settings, secrets } = checked(definition, settingsInput(definition, input), saved ? storedSettings(saved) : undefined);
      const signal = AbortSignal.timeout(TEST_TIMEOUT_MS * 2);
      try {
        await connector.test({
          settings,
          secrets,
          cursor: null,
          fetch: createConnectorFetch({ allowPrivate: config.connectorAllowPrivate, signal, timeoutMs: TEST_TIMEOUT_MS, maxRetries: 1, retryBaseMs: 500 }),
          signal,
          logger: logger.child({ catalogueId: catalogue.id, test: true }),
          allowPrivate: config.connectorAllowPrivate,
        });
      } catch (failure) {
        if (failure instanceof ConnectorError) throw apiError('connection_failed', { message: failure.message });
        throw failure;
      }
      return { message: CONNECTOR_MESSAGES.testPassed(catalogue.name) };
    },

    async update(source: DataSource, input: UpdateSourceInput): Promise<DataSourceView> {
      if (input.name !== undefined) source.name = input.name;
      if (input.description !== undefined) source.description = input.description || null;
      if (input.apiKey !== undefined) {
        if (source.type === FILE_UPLOAD_TYPE) throw apiError('validation_failed', { fields: { apiKey: 'An imported file has no key' } });
        // A vendor source's key is its `apiKey` secret setting; older sources held the key alone.
        source.credentials = sealSecrets({ ...storedSettings(source).secrets, apiKey: input.apiKey }, config.credentialsKey);
      }
      if (input.settings !== undefined) {
        if (source.type === FILE_UPLOAD_TYPE) throw apiError('validation_failed', { fields: { settings: 'An imported file has no connector settings' } });
        const definition = definitionOf(source.catalogueId);
        const { settings, secrets } = checked(definition, input.settings as ConnectorSettingValues, storedSettings(source));
        source.config = { ...source.config, settings };
        source.credentials = sealSecrets(secrets, config.credentialsKey);
        if (typeof settings.keyField === 'string' && input.keyField === undefined) source.keyField = settings.keyField;
      }
      if (input.accountId !== undefined) {
        const { accountId: _previous, ...rest } = source.config;
        source.config = input.accountId ? { ...rest, accountId: input.accountId } : rest;
      }
      if (input.keyField !== undefined) {
        if (input.keyField !== null && !source.fields.includes(input.keyField)) {
          throw apiError('validation_failed', { fields: { keyField: 'Not a field of this source' } });
        }
        source.keyField = input.keyField;
      }
      if (input.recordKind !== undefined && input.recordKind !== source.recordKind) {
        // A mapping made for people does not fit events: the fields start unmapped again.
        source.recordKind = input.recordKind;
        source.mapping = {};
        await orm.em.nativeUpdate(DataRecord, { sourceId: source.id }, { kind: input.recordKind });
      }
      await orm.em.flush();
      return (await present([source]))[0]!;
    },

    /** Sync Now: queues a run (202) and wakes this process's sync worker; refused while one is queued or running. */
    async sync(source: DataSource): Promise<SyncRunView> {
      const refusal = pullRefusal(source);
      if (refusal) throw refusal;
      const { run, created } = await queue.enqueue(source, 'manual');
      if (!created) throw apiError('sync_unavailable', { error: CONNECTOR_MESSAGES.alreadySyncing(source.name), message: CONNECTOR_MESSAGES.alreadySyncing(source.name) });
      logger.info({ sourceId: source.id, runId: run.id }, 'Sync queued');
      syncQueued(orm);
      return presentRun(run);
    },

    async runs(source: DataSource): Promise<SyncRunView[]> {
      return queue.history(source.id);
    },

    async schedule(source: DataSource, schedule: SyncSchedule): Promise<DataSourceView> {
      if (schedule !== 'off') {
        const refusal = pullRefusal(source);
        if (refusal) throw refusal;
      }
      source.schedule = schedule;
      source.nextSyncAt = schedule === 'off' ? null : new Date(clock().getTime() + SYNC_SCHEDULE_MS[schedule]);
      await orm.em.flush();
      return (await present([source]))[0]!;
    },

    async remove(source: DataSource): Promise<void> {
      await orm.em.transactional(async (em) => {
        await em.nativeDelete(SyncRun, { sourceId: source.id });
        await em.nativeDelete(IngestMessage, { sourceId: source.id });
        await em.nativeDelete(DataRecord, { sourceId: source.id });
        await em.nativeDelete(DataSource, { id: source.id });
      });
    },

    async records(source: DataSource, page: number, limit: number): Promise<RecordPage> {
      const [rows, total] = await orm.em.findAndCount(
        DataRecord,
        { sourceId: source.id },
        { orderBy: { recordIndex: 'asc', id: 'asc' }, limit, offset: (page - 1) * limit },
      );
      return {
        records: rows.map((row) => ({
          id: row.id,
          data: row.data,
          unified: row.unified,
          _import_metadata: {
            importId: row.importId,
            sourceFile: row.sourceFile,
            sourceType: row.sourceType,
            importedAt: row.importedAt.toISOString(),
            recordIndex: row.recordIndex,
          },
        })),
        total,
        page,
        limit,
      };
    },

    async templates(companyId: string | undefined) {
      const templates = await orm.em.find(ImportTemplate, companyId ? { companyId } : {}, { orderBy: { updatedAt: 'desc' } });
      return templates.map(presentTemplate);
    },

    async removeTemplate(template: ImportTemplate): Promise<void> {
      await orm.em.nativeDelete(ImportTemplate, { id: template.id });
    },
  };
}

export type DataSourceService = ReturnType<typeof createDataSourceService>;

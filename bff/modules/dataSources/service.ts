import { catalogueSource, fieldSetOf, REQUEST_CUSTOM_API_ID, type CatalogueSource } from '@domain/data/catalogue';
import { FILE_UPLOAD_TYPE, type ConnectSourceInput, type DataSource as DataSourceView, type UpdateSourceInput } from '@domain/data/sources';
import { unifiedField, type FieldMapping } from '@domain/data/unifiedModel';
import type { Config } from '../../config';
import type { Orm } from '../../db';
import { DataRecord, DataSource, FieldSetting, ImportTemplate } from '../../entities';
import { apiError } from '../../middleware/errors';
import { companyForWrite } from '../../middleware/tenant';
import { encryptSecret } from '../../secrets';
import type { Actor } from '../../types';
import { presentTemplate } from '../imports/templates';
import { presentDataSource } from './present';


export const TEMPLATE_NOT_FOUND = { error: 'Mapping template not found', message: 'No mapping template with this id exists in your reach.' };

/**
 * A new catalogue source's mapping: each field to its built-in unified field, unless the company
 * already chose another one for a field of that name (field_settings), when that choice fits.
 */
function initialMapping(catalogue: CatalogueSource, chosen: readonly FieldSetting[]): FieldMapping {
  const mapping: FieldMapping = {};
  for (const field of fieldSetOf(catalogue.id)) {
    const choice = chosen.find((setting) => setting.name === field.name && !setting.customId);
    const target = choice ? choice.unifiedField : field.unifiedField;
    const fits = target && unifiedField(catalogue.recordKind, target) && !Object.values(mapping).includes(target);
    if (fits) mapping[field.name] = target;
  }
  return mapping;
}

/**
 * Why Sync Now cannot run for this source. No connector moves data yet; saying so is better than
 * flipping a status and pretending records arrived.
 */
function syncRefusal(source: DataSource): string {
  if (source.type === FILE_UPLOAD_TYPE) {
    return `${source.name} is an imported file: import the updated file with Import Data to refresh its records.`;
  }
  return `${source.name} cannot sync yet: its connector is not available. Your key is stored encrypted and will be used once it is.`;
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

export function createDataSourceService({ orm, config }: { orm: Orm; config: Pick<Config, 'credentialsKey'> }) {
  return {
    async list(companyId: string | undefined): Promise<DataSourceView[]> {
      const sources = await orm.em.find(DataSource, companyId ? { companyId } : {}, { orderBy: { createdAt: 'asc', id: 'asc' } });
      return sources.map(presentDataSource);
    },

    async connect(actor: Actor, input: ConnectSourceInput): Promise<DataSourceView> {
      const companyId = companyForWrite(actor, input.companyId);
      const catalogue = catalogueSource(input.catalogueId);
      if (!catalogue || catalogue.id === REQUEST_CUSTOM_API_ID) {
        throw apiError('validation_failed', { fields: { catalogueId: 'Unknown source' }, message: 'Choose a source from the catalogue.' });
      }
      if (catalogue.isImport) {
        throw apiError('validation_failed', { fields: { catalogueId: 'Files are connected by importing them' }, message: 'Use Import Data to connect a file.' });
      }
      const existing = await orm.em.findOne(DataSource, { companyId, catalogueId: catalogue.id });
      if (existing) throw apiError('already_exists', { error: `${catalogue.name} is already connected`, message: 'Open its settings to rotate the key or change the mapping.' });
      const source = orm.em.create(DataSource, {
        companyId,
        name: catalogue.name,
        description: catalogue.description,
        type: catalogue.category,
        catalogueId: catalogue.id,
        status: 'active',
        config: input.accountId ? { accountId: input.accountId } : {},
        credentials: encryptSecret(input.apiKey, config.credentialsKey),
        recordKind: catalogue.recordKind,
        fields: fieldSetOf(catalogue.id).map((field) => field.name),
        mapping: initialMapping(catalogue, await orm.em.find(FieldSetting, { companyId })),
        createdById: actor.kind === 'user' ? actor.id : null,
      });
      await orm.em.flush();
      return presentDataSource(source);
    },

    async update(source: DataSource, input: UpdateSourceInput): Promise<DataSourceView> {
      if (input.status === 'syncing') return this.sync(source);
      if (input.name !== undefined) source.name = input.name;
      if (input.description !== undefined) source.description = input.description || null;
      if (input.apiKey !== undefined) {
        if (source.type === FILE_UPLOAD_TYPE) throw apiError('validation_failed', { fields: { apiKey: 'An imported file has no key' } });
        source.credentials = encryptSecret(input.apiKey, config.credentialsKey);
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
      return presentDataSource(source);
    },

    async sync(source: DataSource): Promise<DataSourceView> {
      throw apiError('sync_unavailable', { message: syncRefusal(source) });
    },

    async remove(source: DataSource): Promise<void> {
      await orm.em.transactional(async (em) => {
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

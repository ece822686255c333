import type { DataSource as DataSourceView } from '@domain/data/sources';
import { catalogueSource } from '@domain/data/catalogue';
import type { DataSource } from '../../entities';

export const DATA_SOURCE_NOT_FOUND = { error: 'Data source not found', message: 'No data source with this id exists in your reach.' };

/** A source as the API answers it: never its credentials, only whether some are stored. */
export function presentDataSource(source: DataSource): DataSourceView {
  const catalogue = catalogueSource(source.catalogueId);
  return {
    id: source.id,
    companyId: source.companyId,
    name: source.name,
    description: source.description,
    type: source.type,
    status: source.status,
    records: source.records,
    lastSync: source.lastSync?.toISOString() ?? null,
    config: JSON.stringify(source.config),
    availableDataSource: catalogue ? { id: catalogue.id, name: catalogue.name } : null,
    recordKind: source.recordKind,
    fields: source.fields,
    mapping: source.mapping,
    hasCredentials: source.credentials !== null,
    keyField: source.keyField,
    createdAt: source.createdAt.toISOString(),
  };
}

import type { DataSource as DataSourceView } from '@domain/data/sources';
import { catalogueSource, type CatalogueSource } from '@domain/data/catalogue';
import type { ConnectorDefinition, IngestEndpoint } from '@domain/data/connectors';
import { connectorDefinition } from '@domain/data/connectorSettings';
import type { DataSource, SyncRun } from '../../../entities';
import { presentRun } from '../sync/queue';
import { settingsOf } from '../../connectors';

export const DATA_SOURCE_NOT_FOUND = { error: 'Data source not found', message: 'No data source with this id exists in your reach.' };

export interface PresentExtras {
  lastRun?: SyncRun | null;
  ingest?: IngestEndpoint | null;
  /** The catalogue entry and settings of a source connected with a custom connector (not in the static catalogue). */
  custom?: { catalogue: CatalogueSource; definition: ConnectorDefinition | undefined } | null;
}

/** A source as the API answers it: never its credentials nor secret settings, only whether some are stored. */
export function presentDataSource(source: DataSource, extras: PresentExtras = {}): DataSourceView {
  const catalogue = extras.custom?.catalogue ?? catalogueSource(source.catalogueId);
  const definition = extras.custom ? extras.custom.definition : connectorDefinition(source.catalogueId);
  const settings = settingsOf(source);
  // Only the definition's non-secret settings: a secret saved by mistake in config never leaves.
  const shown = definition ? Object.fromEntries(definition.settings.filter((setting) => !setting.secret && setting.name in settings).map((setting) => [setting.name, settings[setting.name]!])) : {};
  const { settings: _settings, ...config } = source.config;
  return {
    id: source.id,
    companyId: source.companyId,
    name: source.name,
    description: source.description,
    type: source.type,
    status: source.status,
    records: source.records,
    lastSync: source.lastSync?.toISOString() ?? null,
    config: JSON.stringify(config),
    availableDataSource: catalogue ? { id: catalogue.id, name: catalogue.name } : null,
    recordKind: source.recordKind,
    fields: source.fields,
    mapping: source.mapping,
    hasCredentials: source.credentials !== null,
    keyField: source.keyField,
    createdAt: source.createdAt.toISOString(),
    connectorKind: definition?.kind ?? null,
    schedule: source.schedule,
    settings: shown,
    lastRun: extras.lastRun ? presentRun(extras.lastRun) : null,
    ingest: extras.ingest ?? null,
  };
}

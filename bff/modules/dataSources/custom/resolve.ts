/**
 * A catalogue id as the company that uses it sees it: one of ours (the static catalogue, settings
 * and registry) or `custom:<id>`, one of the company's own custom connectors, read from the
 * database with the company in the query. Another company's custom connector resolves to nothing,
 * exactly as an id that does not exist: it can be neither used nor seen.
 */
import type { EntityManager } from '@mikro-orm/core';
import { catalogueSource, fieldSetOf, type CatalogueSource, type SourceFieldDefinition } from '@domain/data/catalogue';
import type { ConnectorDefinition } from '@domain/data/connectors';
import { connectorDefinition } from '@domain/data/connectorSettings';
import { customCatalogueSource, customConnectorDefinition, customConnectorIdOf, customFieldSet } from '@domain/data/customConnectors';
import { isUuid } from '@domain/params';
import { CustomConnector } from '../../../entities';
import { connectorFor, manifestConnector, type Connector } from '../../connectors';

export interface ResolvedCatalogue {
  catalogue: CatalogueSource;
  /** Its settings; undefined for a catalogue source without a connector. */
  definition: ConnectorDefinition | undefined;
  /** What pulls it; undefined for pushed sources and sources without a connector. */
  connector: Connector | undefined;
  fieldSet: readonly SourceFieldDefinition[];
}

/** Connectors built from stored definitions, by id and version (a new version is a new entry); bounded. */
const built = new Map<string, Connector>();
const BUILT_MAX = 500;

function connectorOfRow(row: CustomConnector): Connector {
  const key = `${row.id}:${row.updatedAt.getTime()}`;
  let connector = built.get(key);
  if (!connector) {
    // Stored as checked: no hooks to supply, a custom definition names none.
    connector = manifestConnector(row.manifest, {}, { keepTypes: true });
    if (built.size >= BUILT_MAX) built.delete(built.keys().next().value!);
    built.set(key, connector);
  }
  return connector;
}

export function resolvedCustom(row: CustomConnector): ResolvedCatalogue {
  return {
    catalogue: customCatalogueSource(row.id, row.manifest),
    definition: customConnectorDefinition(row.id, row.manifest),
    connector: connectorOfRow(row),
    fieldSet: customFieldSet(row.manifest),
  };
}

/** The company's custom connector a catalogue id names, or null (not one, another company's, or gone). */
export async function customConnectorRow(em: EntityManager, companyId: string, catalogueId: string): Promise<CustomConnector | null> {
  const id = customConnectorIdOf(catalogueId);
  if (id === null || !isUuid(id)) return null;
  return em.findOne(CustomConnector, { id, companyId });
}

/** The catalogue entry, settings, connector and fields a company's catalogue id names, or undefined. */
export async function resolveCatalogue(em: EntityManager, companyId: string, catalogueId: string): Promise<ResolvedCatalogue | undefined> {
  if (customConnectorIdOf(catalogueId) !== null) {
    const row = await customConnectorRow(em, companyId, catalogueId);
    return row ? resolvedCustom(row) : undefined;
  }
  const catalogue = catalogueSource(catalogueId);
  if (!catalogue) return undefined;
  return { catalogue, definition: connectorDefinition(catalogueId), connector: connectorFor(catalogueId), fieldSet: fieldSetOf(catalogueId) };
}

/** The connector that pulls a source: the registry's (or the one a test gives) for ours, the company's own for a custom one. */
export async function connectorOfSource(
  em: EntityManager,
  source: { companyId: string; catalogueId: string },
  registry: (catalogueId: string) => Connector | undefined = connectorFor,
): Promise<Connector | undefined> {
  if (customConnectorIdOf(source.catalogueId) === null) return registry(source.catalogueId);
  const row = await customConnectorRow(em, source.companyId, source.catalogueId);
  return row ? connectorOfRow(row) : undefined;
}

/** The custom connectors the given sources were connected with, each only for its own company, by catalogue id. */
export async function customDefinitionsOf(em: EntityManager, sources: ReadonlyArray<{ companyId: string; catalogueId: string }>): Promise<Map<string, ResolvedCatalogue>> {
  const wanted = sources.flatMap((source) => {
    const id = customConnectorIdOf(source.catalogueId);
    return id !== null && isUuid(id) ? [{ id, companyId: source.companyId }] : [];
  });
  const found = new Map<string, ResolvedCatalogue>();
  if (!wanted.length) return found;
  const rows = await em.find(CustomConnector, { id: { $in: [...new Set(wanted.map((each) => each.id))] } });
  for (const row of rows) {
    if (wanted.some((each) => each.id === row.id && each.companyId === row.companyId)) found.set(`${row.companyId}/${customCatalogueSource(row.id, row.manifest).id}`, resolvedCustom(row));
  }
  return found;
}

/**
 * A company's custom connectors: definitions brought by a company admin, checked at the boundary
 * (readCustomDefinition: a 400 naming the field), stored per company and run by the declarative
 * engine like any vendor. The secrets of the sources made from one are bound to its url_base, as
 * SECRETS_BOUND_TO binds a vendor's to its base URL: a definition that moves its address drops them.
 */
import type { EntityManager } from '@mikro-orm/core';
import type { AirbyteReadOptions } from '@domain/data/connectorManifest/airbyte';
import { ManifestError } from '@domain/data/connectorManifest/schema';
import type { ConnectorManifest } from '@domain/data/connectorManifest/types';
import { customCatalogueId, customConnectorFields, customConnectorSettings, fixedUrlBase, readCustomDefinition, type CustomConnectorView } from '@domain/data/customConnectors';
import { CustomConnector, DataSource } from '../../../entities';
import type { Config } from '../../../config';
import { hostRefusal } from '../../../platform/addressGuard';
import { apiError } from '../../../platform/errors';

export const CUSTOM_CONNECTOR_NOT_FOUND = { error: 'Custom connector not found', message: 'No custom connector with this id exists in your reach.' };

export function presentCustomConnector(connector: CustomConnector, sources = 0): CustomConnectorView {
  return {
    id: connector.id,
    companyId: connector.companyId,
    name: connector.name,
    catalogueId: customCatalogueId(connector.id),
    urlBase: connector.urlBase,
    definition: connector.manifest,
    settings: customConnectorSettings(connector.manifest),
    fields: customConnectorFields(connector.manifest),
    sources,
    createdAt: connector.createdAt.toISOString(),
    updatedAt: connector.updatedAt.toISOString(),
  };
}

/** A 400 naming every problem's field, as `definition.streams[0].retriever.paginator`, each with its reason. */
function definitionError(failure: ManifestError) {
  const fields: Record<string, string> = {};
  for (const problem of failure.problems) {
    const field = problem.path ? `definition.${problem.path}` : 'definition';
    const message = problem.path ? `${problem.path}: ${problem.reason}` : problem.reason;
    fields[field] = fields[field] ? `${fields[field]}; ${problem.reason}` : message;
  }
  return apiError('validation_failed', { error: 'Invalid connector definition', message: failure.message, fields });
}

/**
 * The checked definition, or a 400. A fixed url_base is checked against the address guard now,
 * so a definition pointed at a private address is refused when brought, not first when synced
 * (the guarded fetch refuses it then too, and every address a template makes).
 */
export function checkedDefinition(input: unknown, allowPrivate: boolean, options: AirbyteReadOptions = {}): ConnectorManifest {
  let manifest: ConnectorManifest;
  try {
    manifest = readCustomDefinition(input, options);
  } catch (failure) {
    if (failure instanceof ManifestError) throw definitionError(failure);
    throw failure;
  }
  const fixed = fixedUrlBase(manifest);
  if (fixed !== null) {
    const at = 'streams[0].retriever.requester.url_base';
    let url: URL;
    try {
      url = new URL(fixed);
    } catch {
      throw definitionError(new ManifestError(at, 'must be a full https:// address'));
    }
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowPrivate)) throw definitionError(new ManifestError(at, 'must be a full https:// address'));
    const refusal = hostRefusal(url.hostname, { allowPrivate });
    if (refusal) throw definitionError(new ManifestError(at, `cannot be used: ${refusal}`));
  }
  return manifest;
}

/** Each operation works in the EntityManager it is given (the request's). */
export function createCustomConnectorService({ config }: { config: Pick<Config, 'connectorAllowPrivate'> }) {
  const check = (input: unknown, options: AirbyteReadOptions) => checkedDefinition(input, config.connectorAllowPrivate, options);

  /** Refuses a second connector of the same name in the company with a 409 naming the field. */
  async function assertNameFree(em: EntityManager, companyId: string, name: string, exceptId?: string): Promise<void> {
    const clash = await em.findOne(CustomConnector, { companyId, name, ...(exceptId ? { id: { $ne: exceptId } } : {}) }, { fields: ['id'] });
    if (clash) throw apiError('already_exists', { message: `A custom connector named ${name} already exists.`, fields: { 'definition.name': 'Another custom connector of this company has this name' } });
  }

  return {
    async list(em: EntityManager, companyId: string | undefined): Promise<CustomConnectorView[]> {
      const rows = await em.find(CustomConnector, companyId ? { companyId } : {}, { orderBy: { name: 'asc', id: 'asc' } });
      if (!rows.length) return [];
      // One query for every connector's sources, each counted only within its own company.
      const sources = await em.find(DataSource, { catalogueId: { $in: rows.map((row) => customCatalogueId(row.id)) } }, { fields: ['companyId', 'catalogueId'] });
      return rows.map((row) => presentCustomConnector(row, sources.filter((source) => source.companyId === row.companyId && source.catalogueId === customCatalogueId(row.id)).length));
    },

    async create(em: EntityManager, companyId: string, createdById: string | null, input: unknown, options: AirbyteReadOptions = {}): Promise<CustomConnectorView> {
      const manifest = check(input, options);
      await assertNameFree(em, companyId, manifest.name);
      const connector = em.create(CustomConnector, { companyId, name: manifest.name, manifest, urlBase: manifest.streams[0].retriever.requester.url_base, createdById });
      await em.flush();
      return presentCustomConnector(connector);
    },

    /**
     * A new version of the definition. When its url_base changes, every source made from it loses
     * its stored secrets in the same transaction: they were given for the old address only.
     */
    async update(em: EntityManager, connector: CustomConnector, input: unknown, options: AirbyteReadOptions = {}): Promise<CustomConnectorView> {
      // A manifest without a name keeps the connector's (the dialog does not ask again when editing).
      const manifest = check(input, { name: connector.name, ...options });
      await assertNameFree(em, connector.companyId, manifest.name, connector.id);
      const urlBase = manifest.streams[0].retriever.requester.url_base;
      const fields = customConnectorFields(manifest);
      const sourceCount = await em.transactional(async (tx) => {
        if (urlBase !== connector.urlBase) {
          await tx.nativeUpdate(DataSource, { companyId: connector.companyId, catalogueId: customCatalogueId(connector.id) }, { credentials: null });
        }
        // Its sources take the new version's fields; a mapping of a field it no longer reads is dropped.
        const sources = await tx.find(DataSource, { companyId: connector.companyId, catalogueId: customCatalogueId(connector.id) });
        for (const source of sources) {
          source.fields = fields;
          source.mapping = Object.fromEntries(Object.entries(source.mapping).filter(([name]) => fields.includes(name)));
          if (source.keyField !== null && !fields.includes(source.keyField)) source.keyField = manifest.streams[0].primary_key ?? null;
        }
        const row = await tx.findOneOrFail(CustomConnector, { id: connector.id });
        tx.assign(row, { name: manifest.name, manifest, urlBase });
        return sources.length;
      });
      const fresh = await em.fork().findOneOrFail(CustomConnector, { id: connector.id });
      return presentCustomConnector(fresh, sourceCount);
    },

    /**
     * Refused (409) while a source is connected from it, naming the sources: deleting them is a
     * decision about their stored records, which the admin makes on each source, not a side effect.
     */
    async remove(em: EntityManager, connector: CustomConnector): Promise<void> {
      const used = await em.find(DataSource, { companyId: connector.companyId, catalogueId: customCatalogueId(connector.id) }, { fields: ['name'], orderBy: { name: 'asc' } });
      if (used.length) {
        const names = used.map((source) => source.name).join(', ');
        throw apiError('already_exists', { error: 'Custom connector in use', message: `${connector.name} is used by ${names}: delete ${used.length === 1 ? 'that source' : 'those sources'} first.` });
      }
      await em.nativeDelete(CustomConnector, { id: connector.id, companyId: connector.companyId });
    },
  };
}
export type CustomConnectorService = ReturnType<typeof createCustomConnectorService>;

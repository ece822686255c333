/**
 * The connect dialog's two calls: testing a catalogue source's settings with one cheap call to
 * the vendor, and connecting it (a source per catalogue entry and company, or more under names of
 * their own: "Stripe EU" beside "Stripe"; its secrets sealed, its fields mapped as the company
 * already chose).
 */
import { createHash } from 'node:crypto';
import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/core';
import { fieldSetOf, REQUEST_CUSTOM_API_ID, type CatalogueSource, type SourceFieldDefinition } from '@domain/data/catalogue';
import { SECRET_CHANGED } from '@domain/audit/types';
import { CONNECTOR_MESSAGES } from '@domain/data/connectors';
import type { ConnectSourceInput, DataSource as DataSourceView, TestConnectionInput } from '@domain/data/sources';
import { unifiedField, type FieldMapping } from '@domain/data/unifiedModel';
import { DataSource, FieldSetting } from '../../../entities';
import { apiError } from '../../../platform/errors';
import { companyFor, findInReach } from '../../../middleware/tenant';
import type { Actor } from '../../../types';
import { record } from '../../audit';
import { ConnectorError, createConnectorFetch } from '../../connectors';
import { resolveCatalogue } from '../custom/resolve';
import { sealSecrets } from '../sync/secrets';
import { DATA_SOURCE_NOT_FOUND } from './present';
import { presentSource, type SourceDeps } from './reads';
import { checkedSettings, definitionOf, settingsInput, storedSettings } from './sourceSettings';

const sameName = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The unique (company, connection key) of a connection: the catalogue id for the entry's own name
 * (as before names were given), else the id with a digest of the name. Connects that race with
 * one name (a double submit, two replicas) meet there: one stores its source, the others are refused.
 */
export function connectionKeyOf(catalogue: CatalogueSource, name: string): string {
  if (sameName(name) === sameName(catalogue.name)) return catalogue.id;
  return `${catalogue.id}#${createHash('sha256').update(sameName(name)).digest('hex').slice(0, 32)}`;
}

/** A connection test gets one retry and a shorter time limit: someone is waiting on the dialog. */
const TEST_TIMEOUT_MS = 15_000;

/**
 * A new catalogue source's mapping: each field to its built-in unified field, unless the company
 * already chose another one for a field of that name (field_settings), when that choice fits.
 */
export function initialMapping(catalogue: CatalogueSource, chosen: readonly FieldSetting[], fieldSet: readonly SourceFieldDefinition[] = fieldSetOf(catalogue.id)): FieldMapping {
  const mapping: FieldMapping = {};
  for (const field of fieldSet) {
    const choice = chosen.find((setting) => setting.name === field.name && !setting.customId);
    const target = choice ? choice.unifiedField : field.unifiedField;
    const fits = target && unifiedField(catalogue.recordKind, target) && !Object.values(mapping).includes(target);
    if (fits) mapping[field.name] = target;
  }
  return mapping;
}

/** The catalogue entry a connect or test names, as the company sees it (its own custom connectors among them), or 400. */
async function catalogueFor(em: EntityManager, companyId: string, catalogueId: string) {
  const resolved = await resolveCatalogue(em, companyId, catalogueId);
  // Another company's custom connector is as unknown as an id that does not exist.
  if (!resolved || resolved.catalogue.id === REQUEST_CUSTOM_API_ID) {
    throw apiError('validation_failed', { fields: { catalogueId: 'Unknown source' }, message: 'Choose a source from the catalogue.' });
  }
  return resolved;
}

export async function connectSource(em: EntityManager, deps: SourceDeps, actor: Actor, input: ConnectSourceInput): Promise<DataSourceView> {
  const { config } = deps;
  const companyId = await companyFor(em, actor, input.companyId);
  const resolved = await catalogueFor(em, companyId, input.catalogueId);
  const { catalogue } = resolved;
  if (catalogue.isImport) {
    throw apiError('validation_failed', { fields: { catalogueId: 'Files are connected by importing them' }, message: 'Use Import Data to connect a file.' });
  }
  const definition = definitionOf(resolved);
  const { settings, secrets } = checkedSettings(config, definition, settingsInput(definition, input));
  const name = input.name || catalogue.name;
  const connectionKey = connectionKeyOf(catalogue, name);
  const alreadyConnected = () =>
    connectionKey === catalogue.id
      ? apiError('already_exists', { error: `${catalogue.name} is already connected`, message: 'Open its settings to rotate the key or change the mapping, or connect another one under a name of its own.' })
      : apiError('already_exists', { error: `${name} is already connected`, message: 'Give this source another name.', fields: { name: 'Another source of this company has this name' } });
  // Under the entry's own name any source of the entry counts, also one that holds no connection
  // key (a copy an earlier race left, or one made before the key existed).
  const taken = connectionKey === catalogue.id ? { companyId, catalogueId: catalogue.id } : { companyId, connectionKey };
  if (await em.findOne(DataSource, taken)) throw alreadyConnected();
  const keyField = typeof settings.keyField === 'string' ? settings.keyField : (resolved.connector?.keyField ?? null);
  const source = em.create(DataSource, {
    companyId,
    name,
    description: catalogue.description,
    type: catalogue.category,
    catalogueId: catalogue.id,
    status: 'active',
    config: { ...(input.accountId ? { accountId: input.accountId } : {}), settings },
    credentials: sealSecrets(secrets, config.credentialsKey),
    recordKind: catalogue.recordKind,
    fields: resolved.fieldSet.map((field) => field.name),
    mapping: initialMapping(catalogue, await em.find(FieldSetting, { companyId }), resolved.fieldSet),
    keyField,
    createdById: actor.kind === 'user' ? actor.id : null,
    // Unique with the company: of connects that all found no source above, one stores its own.
    connectionKey,
  });
  record(em, { action: 'data_source_connected', companyId, target: { type: 'data_source', id: source.id, label: source.name }, changes: { after: { catalogueId: catalogue.id, settings, ...(Object.keys(secrets).length ? { credentials: SECRET_CHANGED } : {}) } } });
  try {
    await em.flush();
  } catch (failure) {
    if (failure instanceof UniqueConstraintViolationException) throw alreadyConnected();
    throw failure;
  }
  return presentSource(em, deps, source);
}

/**
 * One cheap call with the given settings; the vendor's own words when it refuses. With
 * `sourceId` (a saved source in the caller's reach), the settings are checked over the stored
 * ones as an update is: a secret left out or blank is the stored secret.
 */
export async function testConnection(em: EntityManager, deps: SourceDeps, actor: Actor, input: TestConnectionInput): Promise<{ message: string }> {
  const { config, logger } = deps;
  const saved = input.sourceId ? await findInReach(em, actor, DataSource, input.sourceId, DATA_SOURCE_NOT_FOUND) : null;
  if (saved && input.companyId && input.companyId !== saved.companyId) throw apiError('not_found', DATA_SOURCE_NOT_FOUND);
  const companyId = saved ? saved.companyId : await companyFor(em, actor, input.companyId);
  const resolved = await catalogueFor(em, companyId, input.catalogueId);
  const { catalogue } = resolved;
  if (saved && saved.catalogueId !== catalogue.id) {
    throw apiError('validation_failed', { fields: { sourceId: `Not a ${catalogue.name} source` }, message: 'Test the source with its own catalogue entry.' });
  }
  const definition = definitionOf(resolved);
  if (definition.kind === 'webhook') throw apiError('connector_unavailable', { error: 'Nothing to pull', message: CONNECTOR_MESSAGES.pushedSource(catalogue.name) });
  const { connector } = resolved;
  if (!connector) throw apiError('connector_unavailable', { message: CONNECTOR_MESSAGES.noConnector });
  const { settings, secrets } = checkedSettings(config, definition, settingsInput(definition, input), saved ? storedSettings(config, saved) : undefined);
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
}

/**
 * Changes to a saved data source: its name, description, key, connector settings, account,
 * key field and record kind; and its removal with everything stored for it (runs, pushed
 * messages, records).
 */
import type { EntityManager } from '@mikro-orm/core';
import type { ConnectorSettingValues } from '@domain/data/connectors';
import { FILE_UPLOAD_TYPE, type DataSource as DataSourceView, type UpdateSourceInput } from '@domain/data/sources';
import { DataRecord, DataSource, IngestMessage, SyncRun } from '../../../entities';
import { apiError } from '../../../platform/errors';
import { resolveCatalogue } from '../custom/resolve';
import { sealSecrets } from '../sync/secrets';
import { recordSourceChanges, sourceState } from './audit';
import { presentSource, type SourceDeps } from './reads';
import { checkedSettings, definitionOf, settingsInput, storedSettings } from './sourceSettings';

export async function updateSource(em: EntityManager, deps: SourceDeps, source: DataSource, input: UpdateSourceInput): Promise<DataSourceView> {
  const { config } = deps;
  const before = sourceState(config, source);
  if (input.name !== undefined) source.name = input.name;
  if (input.description !== undefined) source.description = input.description || null;
  if (source.type === FILE_UPLOAD_TYPE) {
    if (input.apiKey !== undefined) throw apiError('validation_failed', { fields: { apiKey: 'An imported file has no key' } });
    if (input.settings !== undefined) throw apiError('validation_failed', { fields: { settings: 'An imported file has no connector settings' } });
  }
  if (input.settings !== undefined) {
    const definition = definitionOf(await resolveCatalogue(em, source.companyId, source.catalogueId));
    // A key sent beside the settings is typed with them: when the settings move the source
    // elsewhere (bff/modules/connectors/settings.ts), it is the key for the new place, not a stored one.
    const typed = settingsInput(definition, { apiKey: input.apiKey, settings: input.settings as ConnectorSettingValues });
    const { settings, secrets } = checkedSettings(config, definition, typed, storedSettings(config, source));
    source.config = { ...source.config, settings };
    source.credentials = sealSecrets(secrets, config.credentialsKey);
    if (typeof settings.keyField === 'string' && input.keyField === undefined) source.keyField = settings.keyField;
  } else if (input.apiKey !== undefined) {
    // A vendor source's key is its `apiKey` secret setting; older sources held the key alone.
    source.credentials = sealSecrets({ ...storedSettings(config, source).secrets, apiKey: input.apiKey }, config.credentialsKey);
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
    await em.nativeUpdate(DataRecord, { sourceId: source.id }, { kind: input.recordKind });
  }
  recordSourceChanges(em, config, source, before);
  await em.flush();
  return presentSource(em, deps, source);
}

export async function removeSource(em: EntityManager, source: DataSource): Promise<void> {
  await em.transactional(async (tx) => {
    await tx.nativeDelete(SyncRun, { sourceId: source.id });
    await tx.nativeDelete(IngestMessage, { sourceId: source.id });
    await tx.nativeDelete(DataRecord, { sourceId: source.id });
    await tx.nativeDelete(DataSource, { id: source.id });
  });
}

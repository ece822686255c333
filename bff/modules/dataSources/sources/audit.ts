/**
 * A data source's changes as the audit log records them: its settings before and after, and its
 * credentials only as changed (which secrets, never their values).
 */
import type { EntityManager } from '@mikro-orm/core';
import { SECRET_CHANGED } from '@domain/audit/types';
import type { Config } from '../../../config';
import type { DataSource } from '../../../entities';
import { changesOf, record } from '../../audit';
import { storedSettings } from './sourceSettings';

export interface SourceState {
  values: Record<string, unknown>;
  secrets: Record<string, string>;
}

export function sourceState(config: Pick<Config, 'credentialsKey'>, source: DataSource): SourceState {
  const { settings, secrets } = storedSettings(config, source);
  return {
    values: { name: source.name, description: source.description, settings, accountId: source.config.accountId ?? null, keyField: source.keyField, recordKind: source.recordKind },
    secrets,
  };
}

/** Records what an update changed: its settings, and separately its credentials. */
export function recordSourceChanges(em: EntityManager, config: Pick<Config, 'credentialsKey'>, source: DataSource, before: SourceState): void {
  const after = sourceState(config, source);
  const target = { type: 'data_source', id: source.id, label: source.name } as const;
  const settings = changesOf(before.values, after.values);
  if (settings) record(em, { action: 'data_source_settings_changed', companyId: source.companyId, target, changes: settings });
  const names = [...new Set([...Object.keys(before.secrets), ...Object.keys(after.secrets)])].filter((name) => before.secrets[name] !== after.secrets[name]).sort();
  if (names.length) {
    record(em, { action: 'data_source_credentials_changed', companyId: source.companyId, target, changes: { after: Object.fromEntries(names.map((name) => [name, SECRET_CHANGED])) } });
  }
}

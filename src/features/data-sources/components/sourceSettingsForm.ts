/**
 * A connected source's settings form: its rules, its starting values and what saving sends. A
 * source with a connector gets its connector's settings; an older source without one keeps its
 * key and account id.
 */
import * as yup from 'yup';
import type { ConnectorSetting } from '@domain/data/connectors';
import { LONG_TEXT_MAX, SHORT_TEXT_MAX } from '@domain/limits';
import { updateSourceSchema, type DataSource, type UpdateSourceInput } from '@domain/data/sources';
import { RECORD_KINDS, type RecordKind } from '@domain/data/unifiedModel';
import {
  API_KEY_SETTING,
  changedSettingValues,
  initialSettingValues,
  settingsFormSchema as connectorSettingsSchema,
  type SettingsFormValues,
} from './connectorSettingsForm';

export interface SourceSettingsValues extends SettingsFormValues {
  name: string;
  apiKey: string;
  accountId?: string | null;
  recordKind: RecordKind;
}

/**
 * The server's rules for a change, except that a blank new key (or secret setting) is allowed here
 * (it keeps the stored one) and the name and record kind are always sent by the form.
 */
export function sourceSettingsSchema(connectorSettings: readonly ConnectorSetting[] | undefined) {
  return updateSourceSchema.pick(['accountId']).shape({
    name: yup.string().trim().required('Name is required').max(SHORT_TEXT_MAX),
    apiKey: yup.string().trim().max(LONG_TEXT_MAX).default(''),
    recordKind: yup.string().oneOf(RECORD_KINDS).required('Choose what the records are'),
    settings: connectorSettings ? connectorSettingsSchema(connectorSettings, { keepsSecrets: true }).fields.settings : yup.object(),
  });
}

/** The account id kept in the source's (non-secret) config, if any. */
export function accountIdOf(source: DataSource): string {
  try {
    const config: unknown = JSON.parse(source.config);
    if (config && typeof config === 'object' && 'accountId' in config && typeof config.accountId === 'string') return config.accountId;
  } catch {
    // A config that is not JSON carries no account id.
  }
  return '';
}

/** The form's starting values: the source as stored, with no key (a stored one is never shown). */
export function sourceSettingsDefaults(source: DataSource, connectorSettings: readonly ConnectorSetting[] | undefined): SourceSettingsValues {
  return {
    name: source.name,
    apiKey: '',
    accountId: accountIdOf(source),
    recordKind: source.recordKind,
    settings: connectorSettings ? initialSettingValues(connectorSettings, source.settings) : {},
  };
}

/** What saving sends: only what changed; a blank key or secret keeps the stored one. */
export function sourceSettingsChanges(
  source: DataSource,
  values: SourceSettingsValues,
  { connectorSettings, usesKey }: { connectorSettings: readonly ConnectorSetting[] | undefined; usesKey: boolean },
): Partial<UpdateSourceInput> {
  const changes: Partial<UpdateSourceInput> = {};
  if (values.name !== source.name) changes.name = values.name;
  if (connectorSettings) {
    const { [API_KEY_SETTING]: apiKey, ...changed } = changedSettingValues(connectorSettings, values.settings, source.settings);
    if (typeof apiKey === 'string') changes.apiKey = apiKey;
    if (Object.keys(changed).length > 0) changes.settings = changed;
  } else if (usesKey) {
    if (values.apiKey) changes.apiKey = values.apiKey;
    if ((values.accountId ?? '') !== accountIdOf(source)) changes.accountId = values.accountId || null;
  }
  if (values.recordKind !== source.recordKind) changes.recordKind = values.recordKind;
  return changes;
}

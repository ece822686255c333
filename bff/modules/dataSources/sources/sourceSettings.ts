/**
 * A connected source's connector settings: its connector definition, the settings as the connect,
 * test and update calls carry them, checked (400 naming each setting that is wrong), and as
 * stored (non-secret settings in config, secrets sealed in credentials).
 */
import { CONNECTOR_MESSAGES, type ConnectorDefinition, type ConnectorSettingValues } from '@domain/data/connectors';
import type { Config } from '../../../config';
import type { DataSource } from '../../../entities';
import { apiError } from '../../../platform/errors';
import { checkSettings, settingsOf, type CheckedSettings } from '../../connectors';
import { readSecrets } from '../sync/secrets';

/** The settings of a resolved catalogue entry, or 409 connector_unavailable when it has no connector. */
export function definitionOf(resolved: { definition: ConnectorDefinition | undefined } | undefined): ConnectorDefinition {
  const definition = resolved?.definition;
  if (!definition) throw apiError('connector_unavailable', { message: CONNECTOR_MESSAGES.noConnector });
  return definition;
}

/** The settings checked against the definition (over the stored ones, when given), or 400 validation_failed. */
export function checkedSettings(
  config: Pick<Config, 'connectorAllowPrivate'>,
  definition: ConnectorDefinition,
  input: ConnectorSettingValues,
  stored?: CheckedSettings,
): CheckedSettings {
  const result = checkSettings(definition, input, stored, { allowPrivate: config.connectorAllowPrivate });
  if ('fields' in result) {
    const first = Object.values(result.fields)[0]!;
    throw apiError('validation_failed', { error: first, message: `Check these settings: ${Object.keys(result.fields).join(', ')}.`, fields: result.fields });
  }
  return result;
}

export function storedSettings(config: Pick<Config, 'credentialsKey'>, source: DataSource): CheckedSettings {
  let secrets: Record<string, string> = {};
  try {
    secrets = readSecrets(source.credentials, config.credentialsKey);
  } catch {
    // Unreadable (the key changed): the update must give every secret again.
  }
  return { settings: settingsOf(source), secrets };
}

/** The settings as the connect and test calls carry them: `apiKey` is the `apiKey` secret setting of vendor connectors. */
export function settingsInput(definition: ConnectorDefinition, input: { apiKey?: string; settings?: object }): ConnectorSettingValues {
  const settings = { ...(input.settings as ConnectorSettingValues | undefined) };
  if (input.apiKey !== undefined && settings.apiKey === undefined) {
    if (!definition.settings.some((setting) => setting.name === 'apiKey')) {
      throw apiError('validation_failed', { fields: { apiKey: 'This source takes no API key' }, message: 'Fill in the settings the source asks for.' });
    }
    settings.apiKey = input.apiKey;
  }
  return settings;
}

/**
 * A source's connector settings: checked against its definition (src/domain/data/connectorSettings),
 * split into the non-secret ones (DataSource.config.settings, shown again) and the secret ones
 * (encrypted into DataSource.credentials, never returned).
 */
import type { ConnectorDefinition, ConnectorSettingValues } from '@domain/data/connectors';
import type { DataSource } from '../../../entities';
import { hostRefusal } from '../../../platform/addressGuard';

export interface CheckedSettings {
  settings: ConnectorSettingValues;
  secrets: Record<string, string>;
}

/** A source's non-secret settings as saved. */
export function settingsOf(source: Pick<DataSource, 'config'>): ConnectorSettingValues {
  const settings = source.config.settings;
  return settings && typeof settings === 'object' && !Array.isArray(settings) ? (settings as ConnectorSettingValues) : {};
}

const isBlank = (value: string | boolean | undefined) => value === undefined || (typeof value === 'string' && !value.trim());

/**
 * Checks `input` against the definition and merges it over what is stored (an update): a setting
 * left out keeps its stored value, a secret left out or blank keeps the stored secret, and an empty
 * non-secret value clears it. Returns the field errors by setting name, or the checked values.
 */
export function checkSettings(
  definition: ConnectorDefinition,
  input: ConnectorSettingValues,
  stored: CheckedSettings = { settings: {}, secrets: {} },
  options: { allowPrivate: boolean },
): { fields: Record<string, string> } | CheckedSettings {
  const fields: Record<string, string> = {};
  const known = new Map(definition.settings.map((setting) => [setting.name, setting]));
  for (const name of Object.keys(input)) if (!known.has(name)) fields[name] = 'Not a setting of this source';

  const settings: ConnectorSettingValues = {};
  const secrets: Record<string, string> = {};
  for (const setting of definition.settings) {
    const given = input[setting.name];
    if (setting.secret) {
      if (given !== undefined && typeof given !== 'string') fields[setting.name] = `${setting.label} must be text`;
      const value = isBlank(given) ? stored.secrets[setting.name] : (given as string).trim();
      if (value) secrets[setting.name] = value;
      else if (setting.required) fields[setting.name] ??= `${setting.label} is required`;
      continue;
    }
    let value = given === undefined ? stored.settings[setting.name] : given;
    if (setting.input === 'checkbox') {
      if (value === 'true' || value === 'false') value = value === 'true';
      if (value !== undefined && typeof value !== 'boolean') fields[setting.name] = `${setting.label} must be true or false`;
      if (value !== undefined) settings[setting.name] = value;
      continue;
    }
    if (typeof value === 'boolean') {
      fields[setting.name] = `${setting.label} must be text`;
      continue;
    }
    const text = value?.trim() ?? '';
    if (!text) {
      if (setting.required) fields[setting.name] = `${setting.label} is required`;
      continue;
    }
    if (setting.input === 'number' && !/^-?\d+(\.\d+)?$/.test(text)) fields[setting.name] = `${setting.label} must be a number`;
    if (setting.input === 'select' && setting.options && !setting.options.some((option) => option.value === text)) {
      fields[setting.name] = `${setting.label} must be one of ${setting.options.map((option) => option.value).join(', ')}`;
    }
    if (setting.input === 'url') {
      let url: URL | null = null;
      try {
        url = new URL(text);
      } catch {
        // Reported below.
      }
      if (!url || (url.protocol !== 'https:' && !(url.protocol === 'http:' && options.allowPrivate))) {
        fields[setting.name] = `${setting.label} must be a full https:// address`;
      } else {
        const refusal = hostRefusal(url.hostname, options);
        if (refusal) fields[setting.name] = `${setting.label} cannot be used: ${refusal}`;
      }
    }
    settings[setting.name] = text;
  }
  return Object.keys(fields).length ? { fields } : { settings, secrets };
}

/**
 * The connect and settings dialogs' form for a connector's settings, built from its definition:
 * one yup rule per setting (required, URL, number, choice), the starting values, and what is sent.
 */
import * as yup from 'yup';
import type { ConnectorSetting, ConnectorSettingValues } from '@domain/data/connectors';
import type { ConnectSourceInput } from '@domain/data/sources';
import { LONG_TEXT_MAX } from '@domain/limits';

/** A vendor's key keeps the API key field of the earlier dialog, and travels as the call's own `apiKey`. */
export const API_KEY_SETTING = 'apiKey';

/** The longest setting value the server takes (settingValuesSchema). */
const VALUE_MAX = LONG_TEXT_MAX * 4;

export interface SettingsFormValues {
  settings: ConnectorSettingValues;
}

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

function ruleOf(setting: ConnectorSetting, { keepsSecrets }: { keepsSecrets: boolean }): yup.AnySchema {
  if (setting.input === 'checkbox') return yup.boolean().default(false);
  const required = setting.required && !(keepsSecrets && setting.secret);
  let rule = yup
    .string()
    .transform((value: unknown) => (typeof value === 'string' ? value.trim() : value))
    .max(VALUE_MAX, `Must be at most ${VALUE_MAX} characters`)
    .default('');
  if (required) rule = rule.required(`${setting.label} is required`);
  if (setting.input === 'url') rule = rule.test('url', 'Please enter a valid URL (http or https)', (value) => !value || isHttpUrl(value));
  if (setting.input === 'number') rule = rule.test('number', `${setting.label} must be a number`, (value) => !value || Number.isFinite(Number(value)));
  if (setting.input === 'select' && setting.options) {
    const allowed = setting.options.map((option) => option.value);
    rule = rule.test('choice', `Choose one of the ${setting.label} options`, (value) => !value || allowed.includes(value));
  }
  return rule;
}

/**
 * The form's rules. `keepsSecrets`: the settings dialog, where a secret left blank keeps the stored
 * one, so no secret is required there.
 */
export function settingsFormSchema(settings: readonly ConnectorSetting[], options: { keepsSecrets: boolean }) {
  return yup.object({
    settings: yup.object(Object.fromEntries(settings.map((setting) => [setting.name, ruleOf(setting, options)]))),
  });
}

/** Starting values: the stored ones (never a secret, which the server does not return), else the defaults. */
export function initialSettingValues(settings: readonly ConnectorSetting[], stored: ConnectorSettingValues = {}): ConnectorSettingValues {
  return Object.fromEntries(
    settings.map((setting) => {
      const current = setting.secret ? undefined : stored[setting.name];
      if (setting.input === 'checkbox') return [setting.name, typeof current === 'boolean' ? current : setting.defaultValue === 'true'];
      return [setting.name, current === undefined ? (setting.defaultValue ?? '') : String(current)];
    }),
  );
}

/** What connecting sends: every filled-in value (blank optional ones are left out). */
export function filledSettingValues(settings: readonly ConnectorSetting[], values: ConnectorSettingValues): ConnectorSettingValues {
  const filled: ConnectorSettingValues = {};
  for (const setting of settings) {
    const value = values[setting.name];
    if (typeof value === 'boolean') filled[setting.name] = value;
    else if (typeof value === 'string' && value.trim() !== '') filled[setting.name] = value.trim();
  }
  return filled;
}

/**
 * What testing a saved source's settings sends: every value as the form holds it, so a cleared
 * setting is tested cleared rather than stored; a secret only when a new one was typed, so the
 * stored one is tested otherwise.
 */
export function testedSettingValues(settings: readonly ConnectorSetting[], values: ConnectorSettingValues): ConnectorSettingValues {
  const tested: ConnectorSettingValues = {};
  for (const setting of settings) {
    const raw = values[setting.name];
    const value = typeof raw === 'string' ? raw.trim() : raw;
    if (value === undefined || (setting.secret && value === '')) continue;
    tested[setting.name] = value;
  }
  return tested;
}

/** What saving settings sends: the values that changed; a secret only when a new one was typed. */
export function changedSettingValues(
  settings: readonly ConnectorSetting[],
  values: ConnectorSettingValues,
  stored: ConnectorSettingValues,
): ConnectorSettingValues {
  const initial = initialSettingValues(settings, stored);
  const changed: ConnectorSettingValues = {};
  for (const setting of settings) {
    const raw = values[setting.name];
    const value = typeof raw === 'string' ? raw.trim() : raw;
    if (setting.secret) {
      if (typeof value === 'string' && value !== '') changed[setting.name] = value;
    } else if (value !== undefined && value !== initial[setting.name]) {
      changed[setting.name] = value;
    }
  }
  return changed;
}

/** The setting a server's field error names, by itself or under settings (settings.baseUrl); undefined for another field. */
export function settingNamed(settings: readonly ConnectorSetting[], field: string): string | undefined {
  const name = field.replace(/^settings\./, '');
  return settings.some((setting) => setting.name === name) ? name : undefined;
}

/** What connecting (or testing before it) sends: the filled settings, a vendor's key as the call's own `apiKey`. */
export function connectInputOf(
  settings: readonly ConnectorSetting[],
  values: SettingsFormValues,
  { catalogueId, companyId }: { catalogueId: string; companyId: string | undefined },
): ConnectSourceInput {
  const { [API_KEY_SETTING]: apiKey, ...rest } = filledSettingValues(settings, values.settings);
  return {
    catalogueId,
    settings: rest,
    ...(typeof apiKey === 'string' ? { apiKey } : {}),
    ...(companyId ? { companyId } : {}),
  };
}

/**
 * A source's connector settings: checked against its definition (src/domain/data/connectorSettings),
 * split into the non-secret ones (DataSource.config.settings, shown again) and the secret ones
 * (encrypted into DataSource.credentials, never returned).
 */
import type { ConnectorDefinition, ConnectorSetting, ConnectorSettingValues } from '@domain/data/connectors';
import type { DataSource } from '../../entities';
import { hostRefusal } from '../../platform/addressGuard';

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
 * The settings each connector's secrets are bound to: where the secret is sent (an address, a
 * host and port, a database) or whose it is (the user or key id it belongs to). A secret is
 * stored for those values only: once one changes, the stored secret is not used again, so a user
 * who may edit a source but was never told its key cannot point the source at a server of their
 * own and have the key sent there (by Test connection or by the next sync). The vendors' base
 * URLs count whatever their default: an empty one means the vendor's own address, itself a change.
 * The secrets of the Amazon S3 connector never travel (Signature V4 signs with them), but the
 * signed requests go to its endpoint, under its key id.
 */
const SECRETS_BOUND_TO: Readonly<Record<string, readonly string[]>> = {
  'rest-api': ['url'],
  graphql: ['endpoint'],
  postgresql: ['host', 'port', 'database', 'user'],
  mysql: ['host', 'port', 'database', 'user'],
  'google-analytics': ['baseUrl'],
  salesforce: ['instanceUrl', 'clientId'],
  stripe: ['baseUrl'],
  hubspot: ['baseUrl'],
  calendly: ['baseUrl'],
  mailchimp: ['baseUrl'],
  shopify: ['shopDomain', 'baseUrl'],
  wordpress: ['baseUrl', 'username'],
  'amazon-s3': ['endpoint', 'accessKeyId'],
  // commerce
  pipedrive: ['baseUrl'],
  square: ['baseUrl'],
  woocommerce: ['storeUrl', 'consumerKey'],
  bigcommerce: ['baseUrl', 'storeHash'],
  paypal: ['baseUrl', 'clientId'],
  // analytics
  notion: ['baseUrl'],
  airtable: ['baseUrl'],
  matomo: ['instanceUrl'],
  mixpanel: ['baseUrl', 'serviceAccountUsername'],
  amplitude: ['baseUrl', 'apiKey'],
  'adobe-analytics': ['baseUrl', 'imsUrl', 'clientId'],
  // content
  klaviyo: ['baseUrl'],
  sendgrid: ['baseUrl'],
  contentful: ['baseUrl'],
  'google-drive': ['baseUrl'],
  dropbox: ['baseUrl'],
  youtube: ['baseUrl'],
};

/** The settings the connector's secrets are bound to; a connector not listed binds them to every non-secret setting. */
export function secretsBoundTo(definition: ConnectorDefinition): readonly string[] {
  return SECRETS_BOUND_TO[definition.catalogueId] ?? definition.settings.filter((setting) => !setting.secret).map((setting) => setting.name);
}

/**
 * A setting's value for comparing two versions of it: unset is its default, and an address is
 * compared as parsed (https://API.example.com:443 is https://api.example.com/). Anything else
 * compares exactly: a database or user name may be case-sensitive.
 */
function comparable(setting: ConnectorSetting, value: string | boolean | undefined): string {
  const text = value === undefined ? (setting.defaultValue ?? '') : String(value).trim();
  if (setting.input !== 'url' || !text) return text;
  try {
    return new URL(text).href;
  } catch {
    return text;
  }
}

/**
 * Checks `input` against the definition and merges it over what is stored (an update): a setting
 * left out keeps its stored value, a secret left out or blank keeps the stored secret, and an empty
 * non-secret value clears it. Once a setting the secrets are bound to changes (secretsBoundTo), no
 * stored secret is kept: the secrets typed with the change are the source's secrets, and when none
 * is typed, each stored one is named as needed again. Returns the field errors by setting name, or
 * the checked values.
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
  for (const setting of definition.settings) {
    if (setting.secret) continue;
    const given = input[setting.name];
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

  // Which of the settings the stored secrets are bound to this change moves (a new source has no
  // stored secret to keep). One refused on its own (a required URL left empty) is reported as such.
  const moved = Object.keys(stored.secrets).length
    ? secretsBoundTo(definition)
        .map((name) => known.get(name))
        .filter((setting): setting is ConnectorSetting => setting !== undefined && !(setting.name in fields))
        .filter((setting) => comparable(setting, settings[setting.name]) !== comparable(setting, stored.settings[setting.name]))
    : [];
  const secretSettings = definition.settings.filter((setting) => setting.secret);
  const typedAny = secretSettings.some((setting) => !isBlank(input[setting.name]));
  const secrets: Record<string, string> = {};
  for (const setting of secretSettings) {
    const given = input[setting.name];
    if (given !== undefined && typeof given !== 'string') fields[setting.name] = `${setting.label} must be text`;
    const kept = moved.length ? undefined : stored.secrets[setting.name];
    const value = isBlank(given) ? kept : (given as string).trim();
    if (value) secrets[setting.name] = value;
    else if (moved.length && !typedAny && stored.secrets[setting.name]) {
      fields[setting.name] ??= `${setting.label} is needed again: a stored secret is not sent once ${moved.map((each) => each.label).join(' or ')} changes`;
    } else if (setting.required) fields[setting.name] ??= `${setting.label} is required`;
  }
  if (!Object.keys(fields).length) return { settings, secrets };
  // Named in the definition's order (unknown names first), as the form shows them.
  const order = [...Object.keys(fields).filter((name) => !known.has(name)), ...definition.settings.map((setting) => setting.name).filter((name) => name in fields)];
  return { fields: Object.fromEntries(order.map((name) => [name, fields[name]!])) };
}

/**
 * Custom connectors: a declarative definition a company admin brings (pasted or uploaded, as JSON
 * or YAML: Navout's format or an Airbyte low-code manifest), checked by parseManifest and then by
 * the rules for untrusted definitions below. The dashboard runs the same reader before sending,
 * so an error names the same field on both sides.
 */
import { parseDocument } from 'yaml';
import * as yup from 'yup';
import { optionalId } from '../params';
import type { CatalogueSource, SourceFieldDefinition } from './catalogue';
import type { AirbyteReadOptions } from './connectorManifest/airbyte';
import { MANIFEST_MAX_BYTES, ManifestError, manifestSettingReads, parseManifest, SETTING_NAME } from './connectorManifest/schema';
import type { ConnectorManifest, SpecProperty } from './connectorManifest/types';
import type { ConnectorDefinition, ConnectorSetting } from './connectors';
import { CUSTOM_CONNECTOR_LABELS, CUSTOM_CONNECTOR_MESSAGES } from './customConnectorMessages';
import { autoMap, suggestKind } from './autoMapping';

/** The catalogue id of the sources made from a custom connector. */
export const CUSTOM_CATALOGUE_PREFIX = 'custom:';
export const customCatalogueId = (connectorId: string) => `${CUSTOM_CATALOGUE_PREFIX}${connectorId}`;
/** The custom connector's id a catalogue id names, or null for a catalogue source of ours. */
export const customConnectorIdOf = (catalogueId: string): string | null => (catalogueId.startsWith(CUSTOM_CATALOGUE_PREFIX) ? catalogueId.slice(CUSTOM_CATALOGUE_PREFIX.length) : null);

/** A custom connector as the API answers it. */
export interface CustomConnectorView {
  id: string;
  companyId: string;
  name: string;
  /** The catalogue id its sources are connected with. */
  catalogueId: string;
  urlBase: string;
  definition: ConnectorManifest;
  /** What a source of it asks for (customConnectorSettings). */
  settings: ConnectorSetting[];
  /** The field names its records have. */
  fields: string[];
  /** Sources of the company connected with it. */
  sources: number;
  createdAt: string;
  updatedAt: string;
}

/**
 * The body of a create or an update: the definition as JSON or YAML text or as an object; the
 * connector's name when the definition has none (Airbyte's have none), and which of its streams
 * the connector reads (one connector a stream; the first when not said).
 */
export const customConnectorSchema = yup.object({
  companyId: optionalId(),
  definition: yup
    .mixed<string | object>()
    .test('definition', 'The definition must be JSON or YAML text, or an object', (value) => typeof value === 'string' || (typeof value === 'object' && value !== null && !Array.isArray(value)))
    .required('A definition is required'),
  name: yup.string().trim().max(100, 'The name may be at most 100 characters').optional(),
  stream: yup.string().trim().max(100, 'The stream name may be at most 100 characters').optional(),
});
export type CustomConnectorInput = yup.InferType<typeof customConnectorSchema>;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The most aliases (`*name`) a YAML definition may use: each may repeat a whole subtree. */
export const YAML_MAX_ALIASES = 100;

/**
 * JSON or YAML text as a value, refused before parsing when larger than any definition may be.
 * Text starting with `{` is JSON; anything else is YAML, read with YAML 1.2's core schema (plain
 * data: no custom tags, no `<<` merges), a bounded number of aliases, unique keys, one document.
 */
function parseText(text: string): unknown {
  // Counted in characters first (cheap), the limit being in bytes of the checked JSON.
  if (text.length > MANIFEST_MAX_BYTES * 4) throw new ManifestError('', `a definition may be at most ${MANIFEST_MAX_BYTES / 1024} KB`);
  if (text.trimStart().startsWith('{')) {
    try {
      return JSON.parse(text) as unknown;
    } catch (failure) {
      throw new ManifestError('', `is not valid JSON (${failure instanceof Error ? failure.message : 'unreadable'})`);
    }
  }
  const document = parseDocument(text, { schema: 'core', customTags: [], merge: true, uniqueKeys: true, strict: true, prettyErrors: false, version: '1.2' });
  // An unknown tag (`!!python/object`, `!include`) is refused, not read as text.
  const [problem] = [...document.errors, ...document.warnings];
  if (problem) throw new ManifestError('', `is not valid YAML (${problem.message.split('\n')[0]!.slice(0, 200)})`);
  try {
    return document.toJS({ maxAliasCount: YAML_MAX_ALIASES }) as unknown;
  } catch (failure) {
    throw new ManifestError('', `is not valid YAML (${failure instanceof Error ? failure.message.split('\n')[0]!.slice(0, 200) : 'unreadable'})`);
  }
}

/**
 * Reads a definition brought by a company: JSON or YAML text or an object, checked as a manifest,
 * with none of the hooks built-in vendors may name (the allow-list for brought definitions is
 * empty: a definition cannot run code). Its catalogue_id is optional (its sources get their own);
 * so is its name (`options.name`, or its spec's title, stands in). Throws a ManifestError holding
 * every problem, each naming its field.
 */
export function readCustomDefinition(input: unknown, options: AirbyteReadOptions = {}): ConnectorManifest {
  let value = typeof input === 'string' ? parseText(input) : input;
  if (isObject(value) && !Object.hasOwn(value, 'catalogue_id')) value = { ...value, catalogue_id: 'custom' };
  const manifest = parseManifest(value, options);
  const stream = manifest.streams[0];
  const problems: Array<{ path: string; reason: string }> = [];
  const noCode = 'cannot name a hook: a custom definition runs no code';
  if (stream.retriever.requester.url_base.startsWith('hook:')) problems.push({ path: 'streams[0].retriever.requester.url_base', reason: noCode });
  stream.transformations?.forEach((each, index) => {
    if (each.type === 'NamedTransformation') problems.push({ path: `streams[0].transformations[${index}]`, reason: noCode });
  });
  if (stream.retriever.decoder?.type === 'NamedDecoder') problems.push({ path: 'streams[0].retriever.decoder', reason: noCode });
  if (stream.retriever.partition_router?.type === 'NamedPartitionRouter') problems.push({ path: 'streams[0].retriever.partition_router', reason: noCode });
  if (stream.child_records) problems.push({ path: 'streams[0].child_records', reason: noCode });
  if (manifest.error_handler?.hook) problems.push({ path: 'error_handler.hook', reason: noCode });
  if (manifest.error_handler?.wording) problems.push({ path: 'error_handler.wording', reason: noCode });
  // Its sources' fields (and the mapping panel) are the ones it names.
  if (!stream.fields) problems.push({ path: 'streams[0].fields', reason: 'is required: name the fields its records have (or give an InlineSchemaLoader)' });
  if (problems.length) throw ManifestError.of(problems);
  return manifest;
}

/** The address a definition's url_base names when it is a fixed one (no template), for checking it early. */
export function fixedUrlBase(manifest: ConnectorManifest): string | null {
  const urlBase = manifest.streams[0].retriever.requester.url_base;
  return urlBase.includes('{{') ? null : urlBase;
}

/** "api_key" → "Api key", "baseUrl" → "Base url": a label for a setting the definition does not title. */
function labelOf(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/_+/g, ' ').trim().toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : name;
}

function settingOfProperty(name: string, property: SpecProperty, required: boolean): ConnectorSetting {
  const text = (value: unknown) => (value === undefined || value === null ? undefined : typeof value === 'object' ? JSON.stringify(value) : String(value));
  const example = property.examples?.find((each) => ['string', 'number', 'boolean'].includes(typeof each));
  // A list or an object is typed as JSON text.
  const input: ConnectorSetting['input'] = property.airbyte_secret
    ? 'password'
    : property.enum?.length
      ? 'select'
      : property.type === 'boolean'
        ? 'checkbox'
        : property.type === 'integer' || property.type === 'number'
          ? 'number'
          : property.format === 'uri'
            ? 'url'
            : property.multiline || property.type === 'array' || property.type === 'object'
              ? 'textarea'
              : 'text';
  return {
    name,
    label: property.title ?? labelOf(name),
    input,
    required,
    ...(property.airbyte_secret ? { secret: true } : {}),
    ...(property.description ? { help: property.description } : {}),
    ...(example !== undefined ? { placeholder: String(example) } : {}),
    ...(property.enum?.length ? { options: property.enum.map((value) => ({ value: String(value), label: String(value) })) } : {}),
    ...(property.default !== undefined ? { defaultValue: text(property.default) } : {}),
  };
}

/**
 * What a source of this definition asks for: the properties of its spec (Airbyte's
 * connection_specification: title, description, airbyte_secret, enum, default, order), or, when it
 * has none, each setting and secret its templates read. Without a spec, `config.x` is taken for a
 * secret: the definition does not say, and a secret is never shown again.
 */
export function customConnectorSettings(manifest: ConnectorManifest): ConnectorSetting[] {
  const specification = manifest.spec?.connection_specification;
  if (specification) {
    const required = new Set(specification.required ?? []);
    return Object.entries(specification.properties)
      .filter(([, property]) => !property.airbyte_hidden)
      .map(([name, property], index) => ({ name, property, index }))
      .sort((a, b) => (a.property.order ?? Number.MAX_SAFE_INTEGER) - (b.property.order ?? Number.MAX_SAFE_INTEGER) || a.index - b.index)
      .map(({ name, property }) => settingOfProperty(name, property, required.has(name)));
  }
  const settings = new Map<string, ConnectorSetting>();
  for (const read of manifestSettingReads(manifest)) {
    const name = read.name === undefined ? '' : String(read.name);
    if (!SETTING_NAME.test(name)) continue;
    const secret = read.root !== 'settings';
    const known = settings.get(name);
    // Read both ways: a secret, so it is never shown.
    if (known && (known.secret || !secret)) continue;
    settings.set(name, secret ? { name, label: labelOf(name), input: 'password', required: false, secret: true } : { name, label: labelOf(name), input: /url$/i.test(name) ? 'url' : 'text', required: false });
  }
  return [...settings.values()];
}

/** The field names a definition's records have, as the mapping panel lists them. */
export const customConnectorFields = (manifest: ConnectorManifest): string[] => Object.keys(manifest.streams[0].fields ?? {});

/** What the connect dialog and the BFF's settings check read for a custom connector. */
export function customConnectorDefinition(connectorId: string, manifest: ConnectorManifest): ConnectorDefinition {
  return {
    catalogueId: customCatalogueId(connectorId),
    kind: 'vendor',
    settings: customConnectorSettings(manifest),
    ...(manifest.spec?.documentation_url ? { documentation: manifest.spec.documentation_url } : {}),
  };
}

/** A custom connector as a catalogue entry: its monogram, the Custom API category, and the record kind its fields suggest. */
export function customCatalogueSource(connectorId: string, manifest: ConnectorManifest): CatalogueSource {
  const words = manifest.name.split(/\s+/).filter(Boolean);
  const icon = (words.length > 1 ? words[0]![0]! + words[1]![0]! : manifest.name.slice(0, 2)).toUpperCase() || '{}';
  return {
    id: customCatalogueId(connectorId),
    name: manifest.name,
    icon,
    color: '#455A64',
    description: `Your own connector: ${manifest.streams[0].name} from ${manifest.streams[0].retriever.requester.url_base.includes('{{') ? 'the address in its settings' : manifest.streams[0].retriever.requester.url_base}.`,
    isPopular: false,
    isImport: false,
    isCustom: true,
    category: 'Custom API',
    recordKind: suggestKind(customConnectorFields(manifest)),
  };
}

/** Its fields as a field set: each a dimension, mapped to the unified field its name suggests. */
export function customFieldSet(manifest: ConnectorManifest): SourceFieldDefinition[] {
  const names = customConnectorFields(manifest);
  const mapping = autoMap(names, suggestKind(names));
  return names.map((name) => ({ id: name, name, type: 'dimension', description: `${name} as the connector reads it.`, ...(mapping[name] ? { unifiedField: mapping[name] } : {}) }));
}

// --- the dashboard's words and form ----------------------------------------------------------------

export { CUSTOM_CONNECTOR_LABELS, CUSTOM_CONNECTOR_MESSAGES };

/**
 * The add dialog's form: the definition as text, read by the same reader the server uses, so an
 * error names the same field path on both sides (`streams[0].retriever.paginator.max_pages: …`).
 */
export const customConnectorTextSchema = yup.object({
  name: yup.string().trim().max(100, 'The name may be at most 100 characters').optional(),
  stream: yup.string().trim().max(100, 'The stream name may be at most 100 characters').optional(),
  definition: yup
    .string()
    .trim()
    .required(CUSTOM_CONNECTOR_MESSAGES.definitionRequired)
    .test('definition', CUSTOM_CONNECTOR_MESSAGES.definitionRequired, function check(value) {
      const { name, stream } = this.parent as { name?: string; stream?: string };
      try {
        readCustomDefinition(value, { ...(name ? { name } : {}), ...(stream ? { stream } : {}) });
        return true;
      } catch (failure) {
        if (failure instanceof ManifestError) return this.createError({ message: failure.message });
        throw failure;
      }
    }),
});
export type CustomConnectorTextInput = yup.InferType<typeof customConnectorTextSchema>;

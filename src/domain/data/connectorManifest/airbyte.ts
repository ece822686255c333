/**
 * Airbyte's declarative manifests as they are published, read into this engine's format before
 * the schema checks them: `definitions` (and `schemas`) referenced by `$ref`, `$parameters` passed
 * down and read by `{{ parameters.x }}`, a string `version`, `type: DeclarativeSource`, `metadata`
 * and `description` (dropped), the requester's authenticator (which we keep once, at the top), a
 * one-field primary key given as a list, and the fields read from an inline schema. Airbyte
 * features the engine does not have are refused by name rather than silently ignored.
 *
 * Expansion is bounded: a `$ref` chain deeper than REF_MAX_DEPTH, a cycle, or a manifest that
 * grows past EXPANDED_MAX_NODES values is refused, so references cannot multiply a small manifest
 * into a huge one. The caller checked the input's size, nesting and keys first.
 */
import { ManifestError } from './errors';

export const REF_MAX_DEPTH = 10;
export const EXPANDED_MAX_NODES = 20_000;

/** Top-level keys of Airbyte manifests that hold nothing this engine runs: accepted and dropped. */
const DROPPED_KEYS = ['type', 'definitions', 'schemas', 'metadata', 'description'];
/** Top-level Airbyte features the engine does not have: refused by name. */
const UNSUPPORTED_KEYS = ['dynamic_streams', 'concurrency_level', 'api_budget', 'max_concurrent_async_job_count'];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);
const childPath = (path: string, key: string | number) => (typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key);

/** Whether a value uses anything only an Airbyte manifest has (so our own manifests are left exactly as given). */
function looksAirbyte(root: JsonObject): boolean {
  if (typeof root.version === 'string' || DROPPED_KEYS.some((key) => key in root)) return true;
  const text = JSON.stringify(root);
  return text.includes('"$ref"') || text.includes('"$parameters"') || text.includes('*ref(') || text.includes('"#/') || /\{\{\s*parameters\b/.test(text);
}

/** The value a reference names: `#/definitions/requester` (a JSON pointer, in `$ref` or alone as text) or Airbyte's older `*ref(definitions.requester)`. */
function lookup(root: JsonObject, reference: string, at: string): Json {
  let parts: string[];
  if (reference.startsWith('#/')) parts = reference.slice(2).split('/').map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  else {
    const match = /^\*ref\(([^()]{1,300})\)$/.exec(reference);
    if (!match) throw new ManifestError(at, `"${reference.slice(0, 100)}" is not a reference this engine reads (#/definitions/name)`);
    parts = match[1]!.split('.');
  }
  if (parts[0] !== 'definitions' && parts[0] !== 'schemas') throw new ManifestError(at, `"${reference.slice(0, 100)}" may only point into definitions or schemas`);
  let current: Json = root;
  for (const part of parts) {
    if (Array.isArray(current) && /^\d{1,4}$/.test(part)) current = current[Number(part)] ?? null;
    else if (isObject(current) && Object.hasOwn(current, part)) current = current[part]!;
    else throw new ManifestError(at, `"${reference.slice(0, 100)}" points at nothing`);
  }
  return current;
}

/** Every `$ref` replaced by what it names, the referencing object's own keys winning (as Airbyte merges them). */
function resolveReferences(root: JsonObject): JsonObject {
  let nodes = 0;
  const resolve = (value: Json, path: string, chain: readonly string[]): Json => {
    nodes += 1;
    if (nodes > EXPANDED_MAX_NODES) throw new ManifestError('', `its references expand to more than ${EXPANDED_MAX_NODES} values`);
    const follow = (reference: string): Json => {
      if (chain.includes(reference)) throw new ManifestError(path, `"${reference.slice(0, 100)}" refers to itself`);
      if (chain.length >= REF_MAX_DEPTH) throw new ManifestError(path, `references nested deeper than ${REF_MAX_DEPTH}`);
      return resolve(lookup(root, reference, path), path, [...chain, reference]);
    };
    // A text value that is a reference stands for what it names (Airbyte: `streams: ["#/definitions/rates"]`).
    if (typeof value === 'string' && (value.startsWith('*ref(') || value.startsWith('#/'))) return follow(value);
    if (Array.isArray(value)) return value.map((each, index) => resolve(each, childPath(path, index), chain));
    if (!isObject(value)) return value;
    const { $ref: reference, ...own } = value;
    let base: JsonObject = {};
    if (reference !== undefined) {
      if (typeof reference !== 'string') throw new ManifestError(childPath(path, '$ref'), 'must be text');
      const target = follow(reference);
      if (!isObject(target)) {
        if (Object.keys(own).length) throw new ManifestError(path, `"${reference.slice(0, 100)}" is not an object its other keys could add to`);
        return target;
      }
      base = target;
    }
    const merged: JsonObject = { ...base };
    for (const [key, each] of Object.entries(own)) merged[key] = resolve(each, childPath(path, key), chain);
    return merged;
  };
  const resolved: JsonObject = {};
  for (const [key, each] of Object.entries(root)) if (key !== 'definitions' && key !== 'schemas') resolved[key] = resolve(each, key, []);
  return resolved;
}

/** `{{ parameters.name }}` or `{{ parameters['name'] }}`, alone in its braces. */
const PARAMETER = /\{\{\s*parameters\s*(?:\.\s*([A-Za-z_][A-Za-z0-9_]{0,63})|\[\s*(?:'([^'{}]{1,64})'|"([^"{}]{1,64})")\s*\])\s*\}\}/g;

function interpolate(text: string, parameters: JsonObject, path: string): Json {
  const whole = new RegExp(`^${PARAMETER.source}$`).exec(text);
  const read = (name: string): Json => {
    if (!Object.hasOwn(parameters, name)) throw new ManifestError(path, `reads parameters.${name}, which no $parameters above it sets`);
    return parameters[name]!;
  };
  // A template that is one parameter and nothing else is the parameter's value itself (a list, a number).
  if (whole) return read(whole[1] ?? whole[2] ?? whole[3]!);
  return text.replace(PARAMETER, (_match, dotted?: string, single?: string, double?: string) => {
    const value = read(dotted ?? single ?? double!);
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') throw new ManifestError(path, 'reads a parameter that is not text inside other text');
    return String(value);
  });
}

/** Fields a component takes from the $parameters around it when it does not set them (Airbyte's rule for these). */
const FROM_PARAMETERS: Record<string, readonly string[]> = {
  DeclarativeStream: ['name', 'primary_key'],
  HttpRequester: ['path', 'url_base'],
};

/** `$parameters` passed down to every component below, read by `{{ parameters.x }}`, then dropped. */
function applyParameters(value: Json, inherited: JsonObject, path: string): Json {
  if (typeof value === 'string') return /\{\{\s*parameters\b/.test(value) ? interpolate(value, inherited, path) : value;
  if (Array.isArray(value)) return value.map((each, index) => applyParameters(each, inherited, childPath(path, index)));
  if (!isObject(value)) return value;
  let parameters = inherited;
  const own = value.$parameters;
  if (own !== undefined) {
    if (!isObject(own)) throw new ManifestError(childPath(path, '$parameters'), 'must be an object');
    // A parameter's own value may read the parameters above it, never itself again.
    const read = applyParameters(own, inherited, childPath(path, '$parameters')) as JsonObject;
    for (const [name, each] of Object.entries(read)) {
      if (typeof each === 'string' && (each.includes('{{') || each.includes('}}'))) {
        throw new ManifestError(childPath(childPath(path, '$parameters'), name), 'cannot hold a template: a parameter is text put in place, never read again');
      }
    }
    parameters = { ...inherited, ...read };
  }
  const result: JsonObject = {};
  for (const [key, each] of Object.entries(value)) if (key !== '$parameters') result[key] = applyParameters(each, parameters, childPath(path, key));
  const taken = typeof value.type === 'string' ? FROM_PARAMETERS[value.type] : undefined;
  for (const key of taken ?? []) if (!(key in result) && Object.hasOwn(parameters, key)) result[key] = parameters[key]!;
  return result;
}

/** The stream's own Airbyte shapes read into ours: its authenticator moved up, its primary key, its fields from an inline schema. */
function adaptStream(root: JsonObject, stream: Json, index: number): Json {
  if (!isObject(stream)) return stream;
  const path = `streams[${index}]`;
  const result: JsonObject = { ...stream };
  const retriever = isObject(result.retriever) ? { ...result.retriever } : null;
  const requester = retriever && isObject(retriever.requester) ? { ...retriever.requester } : null;
  if (retriever && requester) {
    if ('authenticator' in requester) {
      if (index === 0 && !('authenticator' in root)) root.authenticator = requester.authenticator!;
      else if (JSON.stringify(root.authenticator) !== JSON.stringify(requester.authenticator)) {
        throw new ManifestError(`${path}.retriever.requester.authenticator`, 'must be the same for every stream');
      }
      delete requester.authenticator;
    }
    retriever.requester = requester;
    result.retriever = retriever;
  }
  if (Array.isArray(result.primary_key)) {
    const keys = result.primary_key.flat();
    if (keys.length > 1) throw new ManifestError(`${path}.primary_key`, 'may name one field: a key of several fields is not supported');
    result.primary_key = keys.length ? keys[0]! : null;
  }
  const loader = result.schema_loader;
  if (loader !== undefined) {
    const at = `${path}.schema_loader`;
    if (!isObject(loader) || loader.type !== 'InlineSchemaLoader') {
      if (!('fields' in result)) throw new ManifestError(at, 'is read only inline (InlineSchemaLoader): list the stream\'s fields instead');
    } else if (!('fields' in result)) {
      const schema = isObject(loader.schema) ? loader.schema : {};
      const properties = isObject(schema.properties) ? Object.keys(schema.properties) : [];
      if (!properties.length) throw new ManifestError(`${at}.schema.properties`, 'must name at least one field');
      // Each top-level property is a field of the same name, read from the record's own key.
      result.fields = Object.fromEntries(properties.map((name) => [name, name]));
    }
    delete result.schema_loader;
  }
  return result;
}

/** An ApiKeyAuthenticator in Airbyte's older form (`header: X-Key`) in the RequestOption form. */
function adaptAuthenticator(authenticator: Json): Json {
  if (!isObject(authenticator) || authenticator.type !== 'ApiKeyAuthenticator' || typeof authenticator.header !== 'string' || 'inject_into' in authenticator) return authenticator;
  const { header, ...rest } = authenticator;
  return { ...rest, inject_into: { type: 'RequestOption', inject_into: 'header', field_name: header } };
}

/**
 * Reads an Airbyte manifest into this engine's format; our own manifests come back unchanged.
 * Throws a ManifestError naming the key of anything refused.
 */
export function fromAirbyte(input: unknown): unknown {
  if (!isObject(input) || !looksAirbyte(input)) return input;
  for (const key of UNSUPPORTED_KEYS) if (key in input) throw new ManifestError(key, 'is an Airbyte feature this engine does not support');
  if ('type' in input && input.type !== 'DeclarativeSource') throw new ManifestError('type', 'must be DeclarativeSource');
  for (const key of ['definitions', 'schemas'] as const) if (key in input && !isObject(input[key])) throw new ManifestError(key, 'must be an object');
  const resolved = applyParameters(resolveReferences(input), {}, '') as JsonObject;
  const manifest: JsonObject = {};
  for (const [key, value] of Object.entries(resolved)) if (!DROPPED_KEYS.includes(key)) manifest[key] = value;
  // Airbyte versions its manifests by the CDK that reads them; this engine has one format.
  if (typeof manifest.version === 'string') manifest.version = 1;
  if (Array.isArray(manifest.streams)) manifest.streams = manifest.streams.map((stream, index) => adaptStream(manifest, stream, index));
  if ('authenticator' in manifest) manifest.authenticator = adaptAuthenticator(manifest.authenticator!);
  // Airbyte manifests carry no name: the spec's title stands in ("Exchange Rates Spec" → "Exchange Rates").
  const spec = isObject(manifest.spec) && isObject(manifest.spec.connection_specification) ? manifest.spec.connection_specification : null;
  if (!('name' in manifest) && typeof spec?.title === 'string') manifest.name = spec.title.replace(/\s+spec$/i, '').trim() || spec.title;
  return manifest;
}

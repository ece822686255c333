import { describe, expect, it } from 'vitest';
import { customConnectorSettings, readCustomDefinition } from '../customConnectors';
import { EXPANDED_MAX_NODES } from './airbyte';
import { ManifestError, parseManifest } from './schema';

/**
 * Airbyte's exchange rates tutorial manifest (docs.airbyte.com, "Connector Builder / low-code
 * tutorial"), as its YAML reads once converted to JSON, unchanged: a string version, definitions
 * joined by $ref and by references in text, $parameters giving the stream's path, the requester's
 * API key in Airbyte's older `header` form, an inline schema, check and spec.
 */
export const EXCHANGE_RATES_MANIFEST = {
  version: '0.29.0',
  type: 'DeclarativeSource',
  definitions: {
    selector: { type: 'RecordSelector', extractor: { type: 'DpathExtractor', field_path: [] } },
    requester: {
      type: 'HttpRequester',
      url_base: 'https://api.apilayer.com',
      http_method: 'GET',
      authenticator: { type: 'ApiKeyAuthenticator', header: 'apikey', api_token: "{{ config['access_key'] }}" },
      request_parameters: { base: "{{ config['base'] }}" },
    },
    retriever: {
      type: 'SimpleRetriever',
      record_selector: { $ref: '#/definitions/selector' },
      paginator: { type: 'NoPagination' },
      requester: { $ref: '#/definitions/requester' },
    },
    base_stream: { type: 'DeclarativeStream', retriever: { $ref: '#/definitions/retriever' } },
    rates_stream: {
      $ref: '#/definitions/base_stream',
      name: 'rates',
      primary_key: 'date',
      $parameters: { path: '/exchangerates_data/latest' },
      schema_loader: {
        type: 'InlineSchemaLoader',
        schema: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: { base: { type: 'string' }, date: { type: 'string' }, rates: { type: 'object' } } },
      },
    },
  },
  streams: ['#/definitions/rates_stream'],
  check: { type: 'CheckStream', stream_names: ['rates'] },
  spec: {
    type: 'Spec',
    documentation_url: 'https://docs.airbyte.com/integrations/sources/exchangeratesapi',
    connection_specification: {
      $schema: 'http://json-schema.org/draft-07/schema#',
      title: 'Exchange Rates Spec',
      type: 'object',
      required: ['access_key', 'base'],
      additionalProperties: true,
      properties: {
        access_key: { type: 'string', description: 'Your API Access Key. The key is case sensitive.', airbyte_secret: true },
        base: { type: 'string', description: 'ISO reference currency.', examples: ['EUR', 'USD'] },
      },
    },
  },
  metadata: { autoImportSchema: { rates: true } },
};

function failure(input: unknown): ManifestError {
  try {
    readCustomDefinition(input);
  } catch (error) {
    expect(error).toBeInstanceOf(ManifestError);
    return error as ManifestError;
  }
  throw new Error('Expected a ManifestError');
}

/** The tutorial manifest with values put at dotted paths (`definitions.requester.path`). */
function edited(changes: Record<string, unknown>): Record<string, unknown> {
  const manifest = JSON.parse(JSON.stringify(EXCHANGE_RATES_MANIFEST)) as Record<string, unknown>;
  for (const [path, value] of Object.entries(changes)) {
    const keys = path.split('.');
    let at = manifest;
    for (const key of keys.slice(0, -1)) at = at[key] as Record<string, unknown>;
    at[keys.at(-1)!] = value;
  }
  return manifest;
}
const clone = () => edited({});

describe('Airbyte manifests', () => {
  it('loads the exchange rates tutorial manifest unchanged', () => {
    // As a company brings it: the catalogue id is the custom connector's own.
    const manifest = readCustomDefinition(clone());
    expect(manifest.version).toBe(1);
    expect(manifest.name).toBe('Exchange Rates');
    expect(manifest.authenticator).toEqual({ type: 'ApiKeyAuthenticator', api_token: "{{ config['access_key'] }}", inject_into: { type: 'RequestOption', inject_into: 'header', field_name: 'apikey' } });
    const stream = manifest.streams[0];
    expect(stream.name).toBe('rates');
    expect(stream.retriever.requester).toEqual({
      type: 'HttpRequester',
      url_base: 'https://api.apilayer.com',
      http_method: 'GET',
      request_parameters: { base: "{{ config['base'] }}" },
      path: '/exchangerates_data/latest',
    });
    // Read as the API answers them: `rates` stays an object.
    expect(stream.fields).toEqual({ base: { path: 'base', type: 'raw' }, date: { path: 'date', type: 'raw' }, rates: { path: 'rates', type: 'raw' } });
    expect(manifest).not.toHaveProperty('definitions');
    expect(manifest).not.toHaveProperty('metadata');
    // The spec becomes the settings form: the key a secret, the currency a required text.
    expect(customConnectorSettings(manifest)).toEqual([
      { name: 'access_key', label: 'Access key', input: 'password', required: true, secret: true, help: 'Your API Access Key. The key is case sensitive.' },
      { name: 'base', label: 'Base', input: 'text', required: true, help: 'ISO reference currency.', placeholder: 'EUR' },
    ]);
  });

  it('reads {{ parameters.x }} from the $parameters above, and refuses one nobody sets', () => {
    const manifest = edited({ 'definitions.requester.path': '{{ parameters.path }}?v={{ parameters["version"] }}', 'definitions.rates_stream.$parameters.version': 2 });
    expect(readCustomDefinition(manifest).streams[0].retriever.requester.path).toBe('/exchangerates_data/latest?v=2');
    expect(failure(edited({ 'definitions.requester.path': '{{ parameters.missing }}' })).message).toBe('streams[0].retriever.requester.path: reads parameters.missing, which no $parameters above it sets');
  });

  it('never reads a parameter again as a template', () => {
    const manifest = edited({ 'definitions.rates_stream.$parameters.path': "{{ config['access_key'] }}" });
    expect(failure(manifest).message).toMatch(/\$parameters\.path: cannot hold a template/);
  });

  it('refuses a reference cycle, a reference outside definitions, and references that multiply', () => {
    expect(failure(edited({ 'definitions.selector': { $ref: '#/definitions/retriever' } })).message).toMatch(/refers to itself/);

    expect(failure(edited({ 'definitions.selector': { $ref: '#/spec' } })).message).toMatch(/may only point into definitions or schemas/);

    // Each level holds the one below ten times: 10^5 values from a few hundred bytes.
    const levels: Record<string, unknown> = { 'definitions.l0': { value: 'x' }, 'definitions.selector.huge': { $ref: '#/definitions/l5' } };
    for (let level = 1; level <= 5; level += 1) levels[`definitions.l${level}`] = { list: Array.from({ length: 10 }, () => ({ $ref: `#/definitions/l${level - 1}` })) };
    expect(failure(edited(levels)).message).toBe(`its references expand to more than ${EXPANDED_MAX_NODES} values`);
  });

  it('names the Airbyte features it does not support', () => {
    expect(failure({ ...clone(), dynamic_streams: [] }).message).toBe('dynamic_streams: is an Airbyte feature this engine does not support');
    // Concurrency changes nothing here: requests are sent one at a time.
    expect(readCustomDefinition({ ...clone(), concurrency_level: { type: 'ConcurrencyLevel', default_concurrency: 2 } }).name).toBe('Exchange Rates');
    expect(failure(edited({ 'definitions.rates_stream.primary_key': [['date'], ['base']] })).path).toBe('streams[0].primary_key');
    expect(failure(edited({ 'definitions.rates_stream.schema_loader': { type: 'JsonFileSchemaLoader', file_path: './schemas/rates.json' } })).message).toMatch(/^streams\[0\]\.schema_loader: JsonFileSchemaLoader is not supported: give the schema inline/);
    expect(failure({ ...clone(), type: 'Something' }).path).toBe('type');
  });

  it('checks every template against the spec: an undeclared setting, or a secret read as a plain setting, is named', () => {
    expect(failure(edited({ 'definitions.requester.request_parameters.base': "{{ config['bsae'] }}" })).message).toBe('streams[0].retriever.requester.request_parameters.base: reads config.bsae, which spec.connection_specification.properties does not declare');
    expect(failure(edited({ 'definitions.requester.request_parameters.base': '{{ settings.access_key }}' })).message).toMatch(/reads the secret access_key as settings\.access_key/);
  });

  it('leaves a manifest in our own format exactly as given', () => {
    const own = {
      version: 1,
      name: 'Own',
      catalogue_id: 'own',
      authenticator: { type: 'NoAuth' },
      check: { type: 'CheckStream', stream_names: ['items'] },
      streams: [
        {
          type: 'DeclarativeStream',
          name: 'items',
          retriever: {
            type: 'SimpleRetriever',
            requester: { type: 'HttpRequester', url_base: 'https://api.example.com', path: '/items', request_parameters: { q: 'parameters' } },
            record_selector: { type: 'RecordSelector', extractor: { type: 'DpathExtractor', field_path: ['data'] } },
          },
          fields: { id: 'id' },
        },
      ],
    };
    expect(parseManifest(JSON.parse(JSON.stringify(own)))).toEqual(own);
  });
});

import { describe, expect, it } from 'vitest';
import { ManifestError } from './connectorManifest/schema';
import { customCatalogueSource, customConnectorIdOf, customConnectorSettings, customConnectorTextSchema, customFieldSet, readCustomDefinition } from './customConnectors';

/** A definition without a spec: its settings are what its templates read. */
const definition = {
  version: 1,
  name: 'Order Desk',
  authenticator: { type: 'ApiKeyAuthenticator', api_token: '{{ secrets.apiKey }}', inject_into: { type: 'RequestOption', inject_into: 'header', field_name: 'X-Key' } },
  check: { type: 'CheckStream', stream_names: ['orders'] },
  streams: [
    {
      type: 'DeclarativeStream',
      name: 'orders',
      retriever: {
        type: 'SimpleRetriever',
        requester: {
          type: 'HttpRequester',
          url_base: '{{ settings.baseUrl }}',
          path: '/orders',
          request_parameters: { store: '{{ settings.store_id }}', region: '{{ config.region }}', again: '{{ settings.store_id }}' },
        },
        record_selector: { type: 'RecordSelector', extractor: { type: 'DpathExtractor', field_path: ['orders'] } },
      },
      fields: { order_id: 'id', email: 'customer.email', event_type: 'kind', timestamp: 'created_at' },
    },
  ],
};

describe('custom connectors', () => {
  it('asks, without a spec, for each setting and secret its templates read: a config value as a secret', () => {
    const manifest = readCustomDefinition(definition);
    expect(customConnectorSettings(manifest)).toEqual([
      { name: 'apiKey', label: 'Api key', input: 'password', required: false, secret: true },
      { name: 'baseUrl', label: 'Base url', input: 'url', required: false },
      { name: 'store_id', label: 'Store id', input: 'text', required: false },
      { name: 'region', label: 'Region', input: 'password', required: false, secret: true },
    ]);
  });

  it('is a Custom API catalogue entry whose record kind and first mapping follow its field names', () => {
    const manifest = readCustomDefinition(definition);
    const entry = customCatalogueSource('0b5e8a52-3f0e-4c1d-9d7e-1a2b3c4d5e6f', manifest);
    expect(entry).toMatchObject({ id: 'custom:0b5e8a52-3f0e-4c1d-9d7e-1a2b3c4d5e6f', name: 'Order Desk', icon: 'OD', category: 'Custom API', isCustom: true, recordKind: 'events' });
    expect(customConnectorIdOf(entry.id)).toBe('0b5e8a52-3f0e-4c1d-9d7e-1a2b3c4d5e6f');
    expect(customConnectorIdOf('hubspot')).toBeNull();
    expect(Object.fromEntries(customFieldSet(manifest).map((field) => [field.name, field.unifiedField ?? null]))).toEqual({ order_id: 'order_id', email: 'email', event_type: 'event_type', timestamp: 'event_time' });
  });

  it('checks pasted text in the dialog as the server does, naming the field path', () => {
    expect(customConnectorTextSchema.isValidSync({ definition: JSON.stringify(definition) })).toBe(true);
    const wrong = JSON.stringify({ ...definition, streams: [{ ...definition.streams[0], fields: {} }] });
    expect(() => customConnectorTextSchema.validateSync({ definition: wrong })).toThrow('streams[0].fields: must name at least one field');
    expect(() => readCustomDefinition(wrong)).toThrow(ManifestError);
    expect(() => customConnectorTextSchema.validateSync({ definition: '  ' })).toThrow('Paste or upload a definition');
  });

  it('names its fields and runs no code: the engine features only built-in sources may use are refused', () => {
    const { fields: _fields, ...unmapped } = definition.streams[0]!;
    expect(() => readCustomDefinition({ ...definition, streams: [unmapped] })).toThrow('streams[0].fields: is required: name the fields its records have');
    expect(() => readCustomDefinition({ ...definition, error_handler: { type: 'DefaultErrorHandler', wording: 'rest_source' } })).toThrow(
      'error_handler.wording: cannot name a hook: a custom definition runs no code',
    );
  });
});

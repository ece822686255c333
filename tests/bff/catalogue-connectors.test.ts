/**
 * Every source the catalogue offers can be connected: a pulling source has a connector (its
 * settings definition and the connector the sync runs), a pushed one has its ingestion URL, and the
 * rest are the built-in kinds (file imports, the request for a custom connector). Checked against
 * the catalogue the dashboard shows, and through the connect routes for each entry.
 */
import { describe, expect, it } from 'vitest';
import { CATALOGUE, REQUEST_CUSTOM_API_ID } from '@domain/data/catalogue';
import { CONNECTOR_MESSAGES } from '@domain/data/connectors';
import { connectorDefinition } from '@domain/data/connectorSettings';
import { connectorFor } from '@bff/modules/connectors/registry';
import { useWorld, type World } from './support/world';

/** How each catalogue entry is connected; 'none' would be a source without a connector. */
function kindOf(id: string): 'file' | 'request' | 'pushed' | 'pulled' | 'none' {
  const source = CATALOGUE.find((each) => each.id === id)!;
  if (source.isImport) return 'file';
  if (id === REQUEST_CUSTOM_API_ID) return 'request';
  const definition = connectorDefinition(id);
  if (definition?.kind === 'webhook') return 'pushed';
  return definition && connectorFor(id)?.catalogueId === id ? 'pulled' : 'none';
}

describe('the catalogue', () => {
  const world = useWorld();
  const as = (who: Parameters<World['bearer']>[0]) => world().bearer(who);

  it('lists no source without a connector', () => {
    const kinds = Object.fromEntries(CATALOGUE.map((source) => [source.id, kindOf(source.id)]));
    expect(Object.entries(kinds).filter(([, kind]) => kind === 'none')).toEqual([]);
    expect(Object.values(kinds).filter((kind) => kind === 'pulled')).toHaveLength(30);
    expect(Object.entries(kinds).filter(([, kind]) => kind !== 'pulled')).toEqual([
      ['segment', 'pushed'],
      ['webhook', 'pushed'],
      [REQUEST_CUSTOM_API_ID, 'request'],
      ['csv-upload', 'file'],
      ['excel-upload', 'file'],
      ['json-upload', 'file'],
    ]);
  });

  it('reaches a connector for every pulled source through Test connection, and says how the others connect', async () => {
    const w = world();
    for (const source of CATALOGUE) {
      const kind = kindOf(source.id);
      if (kind === 'pulled') {
        // No settings: the connector's own definition names what is required, before anything is sent.
        const tested = await w.http.post('/api/data-sources/test-connection').set(as('alice')).send({ catalogueId: source.id, settings: {} });
        expect(tested.status, source.id).toBe(400);
        expect(tested.body.code, source.id).toBe('validation_failed');
        const required = connectorDefinition(source.id)!.settings.filter((setting) => setting.required).map((setting) => setting.name);
        expect(Object.keys(tested.body.fields ?? {}), source.id).toEqual(required);
      } else if (kind === 'pushed') {
        const tested = await w.http.post('/api/data-sources/test-connection').set(as('alice')).send({ catalogueId: source.id, settings: {} });
        expect(tested.body.message, source.id).toBe(CONNECTOR_MESSAGES.pushedSource(source.name));
      } else {
        const connected = await w.http.post('/api/data-sources').set(as('alice')).send({ catalogueId: source.id, apiKey: 'key-0123456789' });
        expect(connected.status, source.id).toBe(400);
        if (kind === 'file') expect(connected.body.fields, source.id).toEqual({ catalogueId: 'Files are connected by importing them' });
        else expect(connected.body.message, source.id).toBe('Choose a source from the catalogue.');
      }
    }
  });
});

/** The demo's connected sources: records that came by sync runs and by the ingestion URL, with their history. */
import { describe, expect, it } from 'vitest';
import { INGEST_SECRET_HEADER, type SyncRunView } from '@domain/data/connectors';
import type { DataSource as DataSourceView } from '@domain/data/sources';
import { DataRecord, DataSource, IngestMessage, SyncRun } from '@bff/entities';
import { seedDemoConnectors } from '@bff/seeders/demoConnectors';
import { useWorld, type World } from './support/world';

// Now, not a fixed day: the ingestion URL forgets message ids after a week (MESSAGE_RETENTION_MS).
const NOW = new Date();

describe('demo connectors', () => {
  const world = useWorld();
  const as = (who: Parameters<World['bearer']>[0]) => world().bearer(who);
  const sourcesOf = async (who: 'alice' | 'carol') => {
    const response = await world().http.get('/api/data-sources').set(as(who));
    expect(response.status).toBe(200);
    return response.body as DataSourceView[];
  };

  it('connects Shopify, Salesforce and a Webhook, each with the records it brought', async () => {
    const w = world();
    await seedDemoConnectors(w.em(), w.config, w.companies, { acme: w.users.alice, globex: w.users.carol }, NOW);

    const acme = await sourcesOf('alice');
    const shopify = acme.find((source) => source.availableDataSource?.id === 'shopify')!;
    expect(shopify).toMatchObject({ status: 'active', records: 900, connectorKind: 'vendor', hasCredentials: true, settings: { shopDomain: 'acme-retail.myshopify.example' } });
    expect(shopify.lastRun).toMatchObject({ status: 'succeeded', added: 80, updated: 60, failed: 0 });
    expect(await w.em().count(DataRecord, { sourceId: shopify.id, sourceType: 'connector' })).toBe(900);

    const webhook = acme.find((source) => source.availableDataSource?.id === 'webhook')!;
    expect(webhook).toMatchObject({ status: 'active', records: 400, connectorKind: 'webhook' });
    expect(webhook.ingest?.url).toMatch(new RegExp(`/api/ingest/${webhook.id}$`));
    expect(await w.em().count(DataRecord, { sourceId: webhook.id, sourceType: 'webhook' })).toBe(400);

    const globex = await sourcesOf('carol');
    const salesforce = globex.find((source) => source.availableDataSource?.id === 'salesforce')!;
    expect(salesforce).toMatchObject({ records: 600, settings: { instanceUrl: 'https://globex-health.my.salesforce.example' } });
    // Each company sees its own sources only.
    expect(globex.some((source) => source.id === shopify.id || source.id === webhook.id)).toBe(false);
  });

  it('keeps a history of two runs per pulled source, the first storing most and the second updating', async () => {
    const w = world();
    const shopify = await w.em().findOneOrFail(DataSource, { companyId: w.companies.acme.id, catalogueId: 'shopify' });
    const response = await w.http.get(`/api/data-sources/${shopify.id}/runs`).set(as('alice'));
    expect(response.status).toBe(200);
    const runs = response.body as SyncRunView[];
    expect(runs.map((run) => [run.added, run.updated])).toEqual([
      [80, 60],
      [820, 0],
    ]);
    expect(runs.every((run) => run.status === 'succeeded' && run.finishedAt! > run.startedAt! && run.finishedAt! <= NOW.toISOString())).toBe(true);
    expect(await w.em().count(SyncRun, { companyId: w.companies.globex.id, status: 'succeeded' })).toBe(2);
  });

  it('stored the store purchases through the ingestion service, so a redelivery is a duplicate', async () => {
    const w = world();
    const webhook = await w.em().findOneOrFail(DataSource, { companyId: w.companies.acme.id, catalogueId: 'webhook' });
    expect(await w.em().count(IngestMessage, { sourceId: webhook.id })).toBe(400);
    const [record] = await w.em().find(DataRecord, { sourceId: webhook.id }, { orderBy: { eventTime: 'asc' }, limit: 1 });
    const rotated = await w.http.post(`/api/data-sources/${webhook.id}/ingest-secret`).set(as('alice'));
    expect(rotated.status).toBe(200);
    const redelivered = await w.http
      .post(`/api/ingest/${webhook.id}`)
      .set({ 'Content-Type': 'application/json', [INGEST_SECRET_HEADER]: (rotated.body as { secret: string }).secret })
      .send(record!.data);
    expect(redelivered.status).toBe(200);
    expect(redelivered.body).toMatchObject({ accepted: 0, duplicates: 1 });
  });
});

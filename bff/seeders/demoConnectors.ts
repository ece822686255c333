/**
 * The demo companies' connected sources, with data that arrived the way a connector brings it:
 * Acme Retail's store system pushes purchases to a Webhook source (through the ingestion service
 * itself, message ids and all), and its Shopify store and Globex Health's Salesforce org were
 * synced twice, each run a line of the source's history with the records it stored.
 *
 * The vendor accounts are placeholders on .example domains: Sync Now on them ends in the error
 * state with the reason, as it would for a store that cannot be reached. Seeded once, with the demo
 * accounts, on a fresh database.
 */
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import pino from 'pino';
import { catalogueSource, fieldSetOf } from '@domain/data/catalogue';
import type { ConnectorSettingValues } from '@domain/data/connectors';
import { randomSource } from '@domain/random';
import type { Config } from '../config';
import { DataSource, SyncRun, type Company, type User } from '../entities';
import { connectorFor } from '../modules/connectors';
import { storeSourceRecords, createIngestService, newIngestSecret, initialMapping, sealSecrets } from '../modules/dataSources';
import { encryptSecret } from '../platform/secrets';
import { demoDataSet, type DemoRow } from './demoRows';

type CompanyKey = 'acme' | 'globex';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Purchases the store system pushed over the last two weeks, in deliveries of 100. */
const STORE_PURCHASES = 400;
const DELIVERY_SIZE = 100;

interface VendorAccount {
  catalogueId: string;
  settings: ConnectorSettingValues;
  secrets: Record<string, string>;
  /** The customers the vendor holds, from the company's own customer list. */
  records: (people: readonly DemoRow[]) => Array<Record<string, unknown>>;
  /** What the first run stored; the second brought the rest and changed some. */
  firstRun: number;
}

const VENDOR_ACCOUNTS: Record<CompanyKey, VendorAccount> = {
  acme: {
    catalogueId: 'shopify',
    settings: { shopDomain: 'acme-retail.myshopify.example' },
    secrets: { accessToken: 'shpat_demo_acme_placeholder' },
    records: (people) =>
      people.slice(0, 900).map((person, index) => ({
        id: String(7_301_220_000_000 + index * 37),
        email: person.email,
        name: person.full_name,
        phone: person.phone,
        city: person.city?.split(',')[0] ?? '',
        country: 'US',
        created_at: person.signup_date,
        updated_at: person.last_login,
        state: 'enabled',
        tags: person.plan,
        currency: 'USD',
        accepts_marketing: person.accepts_marketing === 'yes',
      })),
    firstRun: 820,
  },
  globex: {
    catalogueId: 'salesforce',
    settings: { instanceUrl: 'https://globex-health.my.salesforce.example', apiVersion: 'v60.0' },
    secrets: { accessToken: '00Ddemo!globex.placeholder' },
    records: (people) =>
      people.slice(0, 600).map((person, index) => ({
        contact_id: `003Hs00000${String(410_000 + index).padStart(8, '0')}`,
        email: person.email,
        full_name: person.full_name,
        phone: person.phone,
        account_name: index % 5 === 0 ? 'Globex Employer Plan' : 'Individual Patients',
        lead_source: person.utm_source === 'google' ? 'Web' : person.utm_source === 'newsletter' ? 'Email' : 'Referral',
        mailing_city: person.city?.split(',')[0] ?? '',
        created_date: person.signup_date,
        has_opted_out_of_email: person.accepts_marketing !== 'yes',
        opportunity_amount: 0,
        lifetime_value: Number(person.lifetime_value),
      })),
    firstRun: 540,
  },
};

const STORES = ['Chicago Loop', 'Evanston', 'Oak Park', 'Naperville', 'Schaumburg'] as const;

/** Acme's store purchases as its point-of-sale system posts them: one event per receipt. */
function storePurchases(people: readonly DemoRow[], now: number): Array<Record<string, unknown>> {
  const random = randomSource(0x5eed_90a1);
  return Array.from({ length: STORE_PURCHASES }, (_, index) => {
    const person = people[Math.floor(random() * people.length)]!;
    const at = now - (STORE_PURCHASES - index) * ((14 * DAY) / STORE_PURCHASES) - Math.floor(random() * HOUR);
    return {
      id: `pos-${String(880_000 + index)}`,
      user_id: person.customer_id,
      event_type: 'store_purchase',
      timestamp: new Date(at).toISOString(),
      store: STORES[Math.floor(random() * STORES.length)],
      revenue: Math.round((15 + random() * 385) * 100) / 100,
      currency: 'USD',
    };
  });
}

/** A connected catalogue source as the connect route makes it. */
async function connectSource(em: EntityManager, company: Company, admin: User, catalogueId: string, extra: Partial<DataSource>): Promise<DataSource> {
  const catalogue = catalogueSource(catalogueId)!;
  const source = em.create(DataSource, {
    companyId: company.id,
    name: catalogue.name,
    description: catalogue.description,
    type: catalogue.category,
    catalogueId,
    // A connection of the catalogue source, as the connect call makes it: one per company.
    connectionKey: catalogueId,
    status: 'active',
    config: {},
    recordKind: catalogue.recordKind,
    fields: fieldSetOf(catalogueId).map((field) => field.name),
    mapping: initialMapping(catalogue, []),
    keyField: connectorFor(catalogueId)?.keyField ?? null,
    createdById: admin.id,
    ...extra,
  });
  await em.flush();
  return source;
}

/** Two finished runs of a pulled source, each storing its records exactly as the sync worker does. */
async function seedSyncedAccount(em: EntityManager, config: Pick<Config, 'credentialsKey'>, key: CompanyKey, company: Company, admin: User, now: number) {
  const account = VENDOR_ACCOUNTS[key];
  const records = account.records(demoDataSet(key, now).people.rows);
  const source = await connectSource(em, company, admin, account.catalogueId, {
    config: { settings: account.settings },
    credentials: sealSecrets(account.secrets, config.credentialsKey),
  });
  // The second run brings the customers created since, and the first run's newest ones again, changed.
  const changed = records.slice(account.firstRun - 60, account.firstRun).map((record) => ({ ...record, tags: `${String(record.tags ?? 'contact')},returning` }));
  const runs = [
    { trigger: 'manual' as const, startedAt: now - 3 * DAY - 5 * HOUR, records: records.slice(0, account.firstRun) },
    { trigger: 'manual' as const, startedAt: now - 9 * HOUR, records: [...changed, ...records.slice(account.firstRun)] },
  ];
  for (const run of runs) {
    const id = randomUUID();
    const stored = await storeSourceRecords(em, source.id, run.records, { batchId: id, sourceType: 'connector', origin: `${source.name} sync` });
    const finishedAt = new Date(run.startedAt + 40_000 + run.records.length * 25);
    em.create(SyncRun, {
      id,
      companyId: company.id,
      sourceId: source.id,
      status: 'succeeded',
      trigger: run.trigger,
      attempt: 1,
      runAfter: new Date(run.startedAt),
      startedAt: new Date(run.startedAt),
      finishedAt,
      added: stored.added,
      updated: stored.updated,
      failed: stored.rejected.length,
      processed: run.records.length,
      firstError: stored.rejected[0]?.error ?? null,
      createdAt: new Date(run.startedAt),
    });
    await em.flush();
    await em.nativeUpdate(DataSource, { id: source.id }, { lastSync: finishedAt });
  }
}

/** Seeds the connected sources; runs after the demo's imported data, before its audience profiles. */
export async function seedDemoConnectors(
  em: EntityManager,
  config: Pick<Config, 'credentialsKey' | 'database' | 'publicUrl'>,
  companies: Record<CompanyKey, Company>,
  admins: Record<CompanyKey, User>,
  now = new Date(),
): Promise<void> {
  for (const key of ['acme', 'globex'] as const) await seedSyncedAccount(em, config, key, companies[key], admins[key], now.getTime());

  const webhook = await connectSource(em, companies.acme, admins.acme, 'webhook', {
    description: 'Receipts pushed by the store system, one event per purchase.',
    ingestSecret: encryptSecret(newIngestSecret(), config.credentialsKey),
  });
  const ingest = createIngestService({ config, logger: pino({ level: 'silent' }), now: () => now });
  const purchases = storePurchases(demoDataSet('acme', now.getTime()).people.rows, now.getTime());
  for (let start = 0; start < purchases.length; start += DELIVERY_SIZE) {
    const source = await em.fork().findOneOrFail(DataSource, webhook.id);
    const result = await ingest.ingest(em, source, purchases.slice(start, start + DELIVERY_SIZE), null);
    if (result.rejected.length) throw new Error(`The demo's store purchases were refused: ${result.rejected[0]!.error}`);
  }
}

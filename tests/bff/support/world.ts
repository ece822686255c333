/**
 * A running BFF on a fresh database with the demo companies and users, for one test file.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/core';
import pino from 'pino';
import supertest from 'supertest';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import type { ApiKeyScope } from '@domain/apiKeys';
import { DEFAULT_PERMISSIONS, type Role } from '@domain/auth/roles';
import type { UserStatus } from '@domain/company/options';
import { createApp } from '@bff/app';
import { loadConfig, type Config } from '@bff/config';
import { initOrm, migrate } from '@bff/db';
import { logContextFields } from '@bff/logger';
import type { Orm } from '@bff/types';
import { ApiKey, Company, User } from '@bff/entities';
import { API_KEY_PREFIX_LENGTH, generateApiKey } from '@bff/platform/apiKeys';
import { hashSecret } from '@bff/platform/secrets';
import { signSessionToken } from '@bff/modules/auth/tokens';
import type { PredictionRuntime } from '@bff/modules/prediction';
import type { AudienceService } from '@bff/modules/audience/service';
import { createRuntime, type Runtime, type RuntimeDependencies } from '@bff/runtime';
import { issueInvitation } from '@bff/modules/invitations/service';
import { DEMO_USERS, seedDemo } from '@bff/seeders/demo';
import { createTestDatabase, type TestDatabase } from './database';
import { fixtureHash } from './passwords';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing-0123456789';

/** The demo users by their role in the tests. */
export const PEOPLE = {
  admin: DEMO_USERS[0],
  alice: DEMO_USERS[1],
  bob: DEMO_USERS[2],
  carol: DEMO_USERS[3],
  dan: DEMO_USERS[4],
} as const;
export type Person = keyof typeof PEOPLE;

export interface WorldOptions {
  env?: Record<string, string>;
  dependencies?: RuntimeDependencies;
  /** The least severe log line kept in `logLines` (info unless a test reads debug lines). */
  logLevel?: 'info' | 'debug';
}

export interface AddUserOptions {
  role?: Role;
  status?: UserStatus;
  password?: string;
  email?: string;
  name?: string;
}

let sequence = 0;
export const unique = (prefix: string) => `${prefix}-${process.pid}-${Date.now().toString(36)}-${++sequence}`;

export class World {
  readonly http: supertest.Agent;
  readonly logLines: Array<Record<string, unknown>>;
  readonly companies: Record<'navout' | 'acme' | 'globex', Company>;
  readonly users: Record<Person, User>;
  /** The services and jobs the server would run; only the call log's flush is started. */
  readonly runtime: Runtime;
  /** The prediction API's runtime: tests flush its call log and drive its refresher themselves. */
  readonly prediction: PredictionRuntime;
  /** The audience service: tests wait for its builds; its build worker is stopped with the world. */
  readonly audience: AudienceService;

  private constructor(
    readonly config: Config,
    readonly orm: Orm,
    runtime: Runtime,
    private readonly server: Server,
    private readonly database: TestDatabase,
    logLines: Array<Record<string, unknown>>,
    seeded: NonNullable<Awaited<ReturnType<typeof seedDemo>>>,
  ) {
    this.runtime = runtime;
    this.prediction = runtime.services.prediction;
    this.audience = runtime.services.audience;
    this.http = supertest.agent(server);
    this.logLines = logLines;
    this.companies = seeded.companies;
    this.users = Object.fromEntries(
      (Object.keys(PEOPLE) as Person[]).map((person) => [person, seeded.users[PEOPLE[person].email]]),
    ) as Record<Person, User>;
  }

  static async start(options: WorldOptions = {}): Promise<World> {
    const database = await createTestDatabase();
    const config = loadConfig({
      DATA_DIR: database.dataDir,
      JWT_SECRET: TEST_JWT_SECRET,
      LOG_LEVEL: 'info',
      PUBLIC_URL: 'https://navout.test',
      STATIC_DIR: `${database.dataDir}/no-dashboard`,
      // Tests give each sign-in scenario its own client address through X-Forwarded-For.
      TRUST_PROXY: 'true',
      // Tests read the widget's bundle right after changing a survey: every read checks the
      // company's version (a server trusts its copy for a second; the bundle cache's tests say so).
      BUNDLE_RECHECK_MS: '0',
      ...options.env,
    });
    config.database = database.database;
    const orm = await initOrm(config);
    await migrate(orm);
    const seeded = await seedDemo(orm.em.fork(), { hashPassword: fixtureHash });
    if (!seeded) throw new Error('The test database was not empty');

    const logLines: Array<Record<string, unknown>> = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) logLines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    // Lines carry their request's or job run's ids, as the server's logger writes them (bff/logger.ts).
    const logger = pino({ level: options.logLevel ?? 'info', mixin: logContextFields }, sink);
    const runtime = createRuntime(config, orm, { logger, ...options.dependencies });
    const server = createServer(createApp(config, runtime).callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    // Calls reach prediction_calls within a second, as on a server; snapshots, syncs, webhooks and
    // audience builds move only when a test asks.
    runtime.start(['callLogFlush']);
    return new World(config, orm, runtime, server, database, logLines, seeded);
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
    // The audience's build worker keeps its own connection until it is stopped.
    await this.runtime.stop();
    await this.orm.close(true);
    await this.database.drop();
  }

  /** The account changes' version, once they are followed (on PostgreSQL, once its connection listens). */
  async accountVersion(): Promise<number> {
    let version: number | null = null;
    await vi.waitFor(async () => {
      version = await this.runtime.services.accountChanges.version();
      expect(version).not.toBeNull();
    });
    return version!;
  }

  /** A fresh EntityManager for reading or arranging rows directly. */
  em(): EntityManager {
    return this.orm.em.fork();
  }

  tokenFor(who: Person | User): string {
    const user = typeof who === 'string' ? this.users[who] : who;
    return signSessionToken(this.config, user);
  }

  bearer(who: Person | User): { Authorization: string } {
    return { Authorization: `Bearer ${this.tokenFor(who)}` };
  }

  async reload(user: User): Promise<User | null> {
    return this.em().findOne(User, { id: user.id });
  }

  async addCompany(fields: Partial<Pick<Company, 'name' | 'status' | 'isInternal'>> = {}): Promise<Company> {
    const em = this.em();
    const company = em.create(Company, { name: fields.name ?? unique('Company'), domain: `${unique('d')}.example`, ...fields });
    await em.flush();
    return company;
  }

  async addUser(companyId: string, options: AddUserOptions = {}): Promise<User> {
    const em = this.em();
    const role = options.role ?? 'user';
    const user = em.create(User, {
      email: options.email ?? `${unique('user')}@example.test`.toLowerCase(),
      name: options.name ?? 'Test Person',
      passwordHash: options.password ? await fixtureHash(options.password) : null,
      role,
      status: options.status ?? 'active',
      permissions: [...DEFAULT_PERMISSIONS[role]],
      companyId,
    });
    await em.flush();
    return user;
  }

  /** An API key of the company and the key itself (only its hash is stored). */
  async addApiKey(
    companyId: string,
    options: { scopes?: ApiKeyScope[]; isActive?: boolean; revokedAt?: Date | null } = {},
  ): Promise<{ apiKey: ApiKey; key: string; header: { 'X-API-Key': string } }> {
    const em = this.em();
    const key = generateApiKey();
    const apiKey = em.create(ApiKey, {
      companyId,
      name: unique('key'),
      tokenHash: hashSecret(key),
      tokenPrefix: key.slice(0, API_KEY_PREFIX_LENGTH),
      scopes: options.scopes ?? ['read', 'write', 'admin'],
      isActive: options.isActive ?? true,
      revokedAt: options.revokedAt ?? null,
    });
    await em.flush();
    return { apiKey, key, header: { 'X-API-Key': key } };
  }

  /** An invited user and the raw token of their invitation link. */
  async addInvitation(companyId: string, options: AddUserOptions = {}): Promise<{ user: User; token: string }> {
    const user = await this.addUser(companyId, { ...options, status: 'invited' });
    const em = this.em();
    const { token } = await issueInvitation(em, await em.findOneOrFail(User, { id: user.id }));
    await em.flush();
    return { user, token };
  }
}

/** Starts a world before the file's tests and stops it after them. */
export function useWorld(options: WorldOptions = {}): () => World {
  let world: World | undefined;
  beforeAll(async () => {
    world = await World.start(options);
  });
  afterAll(async () => {
    await world?.stop();
  });
  return () => {
    if (!world) throw new Error('The world has not started');
    return world;
  };
}

/** The smallest valid PNG (1x1, transparent). */
export const PNG_BYTES = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201d2a3b3e90000000049454e44ae426082',
  'hex',
);
export const SVG_BYTES = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>');

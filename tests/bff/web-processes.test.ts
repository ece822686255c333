/**
 * The scale-out path, on PostgreSQL with real processes: web servers that run no deployment jobs
 * (BACKGROUND_JOBS=false) beside a separate `npm run worker`, either as two web processes of one
 * machine (WEB_CONCURRENCY=2, counting through their supervisor) or as two replicas sharing Redis.
 * Either way a rate limit of N admits N in total, a responses cap of N takes exactly N, each
 * completion webhook and each sync run happens once, and a model-settings change is used by every
 * process's predictions at once, and a user suspended through one process is refused by all.
 */
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSurvey } from '@domain/survey/defaults';
import { SurveyResponse, SyncRun, WebhookDelivery } from '@bff/entities';
import { startHttpServer, type LocalHttpServer } from './support/localServers';
import { catalogueCompany } from './support/prediction';
import { freePort, run, waitFor, type Running } from './support/processes';
import { REDIS, REDIS_URL, redisAnswers } from './support/redis';
import { addPublished, question } from './support/surveys';
import { TEST_JWT_SECRET, useWorld, type World } from './support/world';

const RATE_LIMIT = 30;
const CAP = 5;

interface Answer {
  status: number;
  body: unknown;
}

/** One request on a connection of its own, so a cluster hands consecutive requests to different processes. */
function send(base: string, method: string, path: string, headers: Record<string, string> = {}, body?: unknown): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const outgoing = request(
      new URL(path, base),
      { method, agent: false, headers: { ...headers, ...(payload ? { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(payload)) } : {}) } },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: incoming.statusCode ?? 0, body: text && /json/.test(String(incoming.headers['content-type'])) ? JSON.parse(text) : text });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

/** The settings every process of the deployment shares: the world's database, keys and secrets. */
function deploymentEnv(w: World, settings: Record<string, string>): Record<string, string> {
  const database = w.config.database;
  if (database.kind !== 'postgresql') throw new Error('These processes share a PostgreSQL database');
  return {
    DATABASE_URL: database.url,
    DATA_DIR: w.config.dataDir,
    JWT_SECRET: TEST_JWT_SECRET,
    SEED_DEMO: 'false',
    TRUST_PROXY: 'true',
    PUBLIC_RATE_LIMIT: String(RATE_LIMIT),
    PUBLIC_SURVEY_RATE_LIMIT: '100000',
    WEBHOOK_ALLOW_PRIVATE: 'true',
    CONNECTOR_ALLOW_PRIVATE: 'true',
    SYNC_POLL_SECONDS: '1',
    ...settings,
  };
}

/** Redis answers in CI; on a machine without it the replicas' scenario says so and does not run. */
const redisUp = await redisAnswers();
if (!redisUp) console.warn(`Redis is not answering on ${REDIS.host}:${REDIS.port}: the replicas sharing Redis are not tested here (CI runs them).`);

describe('web processes and a worker sharing one PostgreSQL database', () => {
  const world = useWorld({ env: { WEBHOOK_ALLOW_PRIVATE: 'true', CONNECTOR_ALLOW_PRIVATE: 'true' } });
  let hooks: LocalHttpServer;
  let api: LocalHttpServer;
  const pagesAsked = new Map<string, number>();
  /** Told of each webhook the hooks server receives (hooksReceived's waits). */
  const hookListeners = new Set<() => void>();

  beforeAll(async () => {
    hooks = await startHttpServer((_request, response) => {
      response.writeHead(204);
      response.end();
      for (const listener of hookListeners) listener();
    });
    api = await startHttpServer((_request, response, { url }) => {
      const page = Number(url.searchParams.get('page') ?? 1);
      const key = `${url.pathname}/${page}`;
      pagesAsked.set(key, (pagesAsked.get(key) ?? 0) + 1);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ data: page > 2 ? [] : Array.from({ length: 10 }, (_, index) => ({ id: `${url.pathname}-${page}-${index}` })) }));
    });
  });
  afterAll(async () => {
    await hooks?.close();
    await api?.close();
  });

  /** Resolves once the hooks server has received `count` webhooks at `path`; fails after timeoutMs. */
  function hooksReceived(path: string, count: number, timeoutMs: number): Promise<void> {
    return new Promise((done, fail) => {
      const arrived = () => hooks.received.filter((hook) => hook.url.pathname === path).length >= count;
      const stop = () => {
        clearTimeout(timer);
        hookListeners.delete(listener);
      };
      const listener = () => {
        if (!arrived()) return;
        stop();
        done();
      };
      const timer = setTimeout(() => {
        stop();
        fail(new Error(`Timed out waiting for ${count} webhooks at ${path}`));
      }, timeoutMs);
      hookListeners.add(listener);
      listener();
    });
  }

  /** Everything the deployment must hold in total, asked of `bases` in turn; `worker` is stopped at the end. */
  async function holdsAcrossProcesses(w: World, bases: string[], worker: Running): Promise<void> {
    let turn = 0;
    const next = () => bases[turn++ % bases.length]!;

    // A rate limit of N per minute from one address: N admitted in total.
    const client = { 'X-Forwarded-For': `198.51.100.${Math.floor(Math.random() * 200) + 20}` };
    const bundle = () => send(next(), 'GET', `/api/public/companies/${w.companies.acme.id}/surveys`, client);
    const statuses: number[] = [];
    for (let batch = 0; batch < 4; batch++) statuses.push(...(await Promise.all(Array.from({ length: (2 * RATE_LIMIT) / 4 }, bundle))).map((answer) => answer.status));
    expect(statuses.filter((status) => status === 200)).toHaveLength(RATE_LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(RATE_LIMIT);

    // A company of its own, whose admin the steps below act as.
    const company = await w.addCompany();
    const admin = await w.addUser(company.id, { role: 'company_admin' });

    // Sync Now asked of a web server: the worker pulls the run, once.
    const path = `/sources/${randomUUID()}`;
    const created = await send(next(), 'POST', '/api/data-sources', w.bearer(admin), {
      catalogueId: 'rest-api',
      settings: { url: `${api.base}${path}`, pagination: 'page', pageSize: '10', recordsPath: 'data', keyField: 'id' },
    });
    expect(created.status).toBe(201);
    const sourceId = (created.body as { id: string }).id;
    expect((await send(next(), 'POST', `/api/data-sources/${sourceId}/sync`, w.bearer(admin))).status).toBe(202);
    await waitFor(worker, new RegExp(`"sourceId":"${sourceId}"[^\\n]*"Sync run succeeded"`), 30_000);
    expect((await w.em().find(SyncRun, { sourceId })).map((syncRun) => syncRun.status)).toEqual(['succeeded']);
    for (const page of [1, 2, 3]) expect(pagesAsked.get(`${path}/${page}`), `page ${page}`).toBe(1);

    // A model-settings change: every process's next prediction ranks with it.
    const { company: shop, admin: shopAdmin, key } = await catalogueCompany(w);
    const modelOf = async () => ((await send(next(), 'POST', '/api/v1/predict', key.header, { query: 'trail running shoe', top_k: 3 })).body as { model: string }).model;
    for (let index = 0; index < 2 * bases.length; index++) expect(await modelOf()).toMatch(/^discovery@settings0\//);
    const current = (await send(next(), 'GET', '/api/model-settings', w.bearer(shopAdmin))).body as { current: { settings: object } };
    const changed = await send(next(), 'PUT', '/api/model-settings', w.bearer(shopAdmin), { ...current.current.settings, companyId: shop.id });
    expect(changed.status).toBe(200);
    for (let index = 0; index < 2 * bases.length; index++) expect(await modelOf()).toMatch(/^discovery@settings1\//);

    // A user suspended through one process: every process, having kept the user's row, refuses them
    // (the process that made the change at once, the others once the database's notification arrives).
    const member = await w.addUser(company.id);
    const sessions = () => Promise.all(Array.from({ length: 2 * bases.length }, () => send(next(), 'GET', '/api/auth/me', w.bearer(member))));
    for (let round = 0; round < 2; round++) expect((await sessions()).map((answer) => answer.status)).toEqual(Array(2 * bases.length).fill(200));
    expect((await send(next(), 'PUT', `/api/users/${member.id}/status`, w.bearer(admin), { status: 'suspended' })).status).toBe(200);
    await expect.poll(async () => (await sessions()).map((answer) => answer.status), { timeout: 2_000, interval: 20 }).toEqual(Array(2 * bases.length).fill(401));

    // An API key paused through one process: every process, having kept the key's row, refuses it.
    const usage = () => Promise.all(Array.from({ length: 2 * bases.length }, () => send(next(), 'GET', '/api/v1/usage', key.header)));
    for (let round = 0; round < 2; round++) expect((await usage()).map((answer) => answer.status)).toEqual(Array(2 * bases.length).fill(200));
    expect((await send(next(), 'PATCH', `/api/api-keys/${key.apiKey.id}`, w.bearer(shopAdmin), { isActive: false })).status).toBe(200);
    const codes = async () => (await usage()).map((answer) => `${answer.status} ${(answer.body as { code?: string }).code}`);
    await expect.poll(codes, { timeout: 2_000, interval: 20 }).toEqual(Array(2 * bases.length).fill('401 api_key_paused'));

    // A survey capped at CAP completions, with a completion webhook: exactly CAP taken, each delivered once.
    const hookUrl = `${hooks.base}/hooks/${company.id}`;
    const saved = await send(next(), 'PUT', `/api/companies/${company.id}/trigger-settings`, w.bearer(admin), {
      triggerSettings: { triggerType: 'webhook', callbackName: '', redirectUrl: '', webhookUrl: hookUrl },
    });
    expect(saved.status).toBe(200);
    const survey = await addPublished(w, company.id, {
      survey: { ...defaultSurvey(), title: 'Launch', questions: [question('rating', 'q_rating', 'How was the launch?', { required: true })] },
      status: 'active',
      startedAt: new Date(),
      endCondition: { type: 'responses', value: CAP },
    });
    const complete = (index: number) =>
      send(next(), 'POST', `/api/public/surveys/${survey.id}/responses`, { 'X-Forwarded-For': `203.0.113.${index + 1}` }, { answers: { q_rating: 4 }, complete: true });
    const completions = await Promise.all(Array.from({ length: 3 * CAP }, (_, index) => complete(index)));
    expect(completions.filter((answer) => answer.status === 201)).toHaveLength(CAP);
    expect(completions.filter((answer) => answer.status === 409)).toHaveLength(2 * CAP);
    expect(await w.em().count(SurveyResponse, { surveyId: survey.id, isComplete: true })).toBe(CAP);
    await hooksReceived(`/hooks/${company.id}`, CAP, 30_000);
    // Then the worker stops: a graceful stop ends the delivery pass under way, so each delivery's outcome is recorded.
    worker.child.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
    expect(await w.em().count(WebhookDelivery, { companyId: company.id, status: 'delivered' })).toBe(CAP);
    const received = hooks.received.filter((hook) => hook.url.pathname === `/hooks/${company.id}`);
    expect(received).toHaveLength(CAP);
    expect(new Set(received.map((hook) => (JSON.parse(hook.body) as { data: { responseId: string } }).data.responseId)).size).toBe(CAP);
    for (const delivery of await w.em().find(WebhookDelivery, { companyId: company.id })) expect(delivery.attempts).toBe(1);
  }

  it('two web processes of one machine: counts through their supervisor', { timeout: 240_000 }, async () => {
    const w = world();
    const port = await freePort();
    const web = run('bff/server.ts', deploymentEnv(w, { PORT: String(port), WEB_CONCURRENCY: '2', BACKGROUND_JOBS: 'false' }));
    const worker = run('bff/worker.ts', deploymentEnv(w, {}));
    try {
      await Promise.all([waitFor(web, '"process":2', 120_000), waitFor(web, '"process":1', 120_000), waitFor(worker, 'Navout worker started', 120_000)]);
      await holdsAcrossProcesses(w, [`http://127.0.0.1:${port}`], worker);
      // Both web processes served: each one's request log has public and prediction calls.
      for (const id of [1, 2]) expect(web.output()).toMatch(new RegExp(`"process":${id}[^\\n]*"url":"/api/public/`));
    } finally {
      web.child.kill('SIGTERM');
      worker.child.kill('SIGTERM');
      expect(await Promise.all([web.exited, worker.exited])).toEqual([0, 0]);
    }
  });

  it.runIf(redisUp)('two replicas sharing Redis', { timeout: 240_000 }, async () => {
    const w = world();
    const redis = { REDIS_URL, REDIS_PREFIX: `navout-test-${randomUUID()}` };
    const ports = [await freePort(), await freePort()];
    const replicas = ports.map((port) => run('bff/server.ts', deploymentEnv(w, { ...redis, PORT: String(port), WEB_CONCURRENCY: '1', BACKGROUND_JOBS: 'false' })));
    const worker = run('bff/worker.ts', deploymentEnv(w, redis));
    try {
      await Promise.all([...replicas.map((replica) => waitFor(replica, 'Navout BFF listening', 120_000)), waitFor(worker, 'Navout worker started', 120_000)]);
      for (const replica of replicas) expect(replica.output()).toContain('"counters":"redis"');
      await holdsAcrossProcesses(w, ports.map((port) => `http://127.0.0.1:${port}`), worker);
    } finally {
      for (const child of [...replicas, worker] as Running[]) child.child.kill('SIGTERM');
      expect(await Promise.all([...replicas, worker].map((child) => child.exited))).toEqual([0, 0, 0]);
    }
  });
});

/**
 * Every setting of the BFF, read from the environment once at start-up. SETTINGS is the single
 * list of names, defaults and descriptions; docs/configuration.md is generated from it (npm run docs:config).
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { DEFAULT_MAX_PROFILES_PER_MERGE } from '@domain/audience/contract';

export interface SettingDescription {
  name: string;
  default: string;
  description: string;
}

export const SETTINGS: readonly SettingDescription[] = [
  { name: 'PORT', default: '3000', description: 'HTTP port the BFF listens on.' },
  {
    name: 'DATABASE_URL',
    default: '(SQLite file DATA_DIR/navout.sqlite)',
    description:
      'Database. A postgres:// (or postgresql://) URL selects PostgreSQL; sqlite:<file> or a plain file path selects the embedded SQLite file (default: navout.sqlite in DATA_DIR).',
  },
  { name: 'DATA_DIR', default: './data', description: 'Folder for the SQLite file, the generated JWT secret and credentials key, and the published prediction snapshots the web processes of one machine share (prediction-snapshots/, the last two versions of each company).' },
  {
    name: 'JWT_SECRET',
    default: '(generated)',
    description:
      'Secret that signs session tokens (at least 32 characters). When absent, 48 random bytes are generated once and kept in DATA_DIR/jwt-secret (mode 600). Set it explicitly when several BFF replicas share a database.',
  },
  { name: 'JWT_TTL', default: '8h', description: 'Lifetime of a session token: a number of seconds, or a number followed by s, m, h or d.' },
  { name: 'PUBLIC_URL', default: 'http://localhost:PORT', description: 'Address of the dashboard as users reach it; invitation links start with it.' },
  { name: 'LOG_LEVEL', default: 'info', description: 'pino log level: fatal, error, warn, info, debug, trace or silent.' },
  {
    name: 'SEED_DEMO',
    default: '(SQLite: on first start)',
    description:
      'true seeds the demo companies and users at start when they are missing; false never seeds. By default an empty SQLite database is seeded on its first start, and PostgreSQL only by `npm run seed:demo`.',
  },
  { name: 'TRUST_PROXY', default: 'false', description: 'true when the BFF runs behind a reverse proxy: client addresses (for sign-in rate limits) are then read from X-Forwarded-For.' },
  {
    name: 'SSO_PROVIDER',
    default: 'entra',
    description:
      'Single sign-on provider: entra (Microsoft Entra ID through MSAL) or oidc (any OpenID Connect provider, such as Okta, Google Workspace, Keycloak or Auth0, found through its discovery document).',
  },
  { name: 'SSO_TENANT_ID', default: '', description: 'Microsoft Entra tenant id. With SSO_PROVIDER=entra, single sign-on is enabled when this and SSO_CLIENT_ID are set.' },
  { name: 'SSO_CLIENT_ID', default: '', description: 'Client id registered with the provider; the audience of its ID tokens.' },
  {
    name: 'SSO_ISSUER',
    default: 'https://login.microsoftonline.com/{tenant}/v2.0',
    description:
      'Expected issuer of the ID tokens. With SSO_PROVIDER=oidc it is required, and single sign-on is enabled when this and SSO_CLIENT_ID are set; its discovery document (ISSUER/.well-known/openid-configuration) names the signing keys.',
  },
  {
    name: 'SSO_JWKS_URI',
    default: 'https://login.microsoftonline.com/{tenant}/discovery/v2.0/keys',
    description: 'Where the signing keys of the ID tokens are published. With SSO_PROVIDER=oidc the discovery document names them unless this is set.',
  },
  { name: 'SSO_SCOPES', default: 'openid profile email', description: 'Scopes the OpenID Connect sign-in asks for (SSO_PROVIDER=oidc), separated by spaces.' },
  { name: 'SSO_PROVIDER_NAME', default: '(Microsoft, or the issuer\'s host)', description: 'Name on the sign-in button, e.g. Okta or Google.' },
  { name: 'SMTP_HOST', default: '', description: 'Mail server for invitation e-mails. Without it, invitation links are only logged and shown to the inviting admin.' },
  { name: 'SMTP_PORT', default: '587', description: 'Mail server port (465 uses TLS from the start, other ports STARTTLS when offered).' },
  { name: 'SMTP_USER', default: '', description: 'Mail server user name, when it requires authentication.' },
  { name: 'SMTP_PASS', default: '', description: 'Mail server password.' },
  { name: 'SMTP_FROM', default: 'Navout <no-reply@navout.example>', description: 'Sender of invitation e-mails.' },
  { name: 'LOGIN_RATE_LIMIT', default: '5', description: 'Failed sign-ins allowed per account and client address in 15 minutes.' },
  {
    name: 'CREDENTIALS_KEY',
    default: '(generated)',
    description:
      'Key (32 bytes, base64 or 64 hex digits) that encrypts data-source credentials at rest with AES-256-GCM. When absent, one is generated once and kept in DATA_DIR/credentials-key (mode 600). Set the same key on every replica.',
  },
  { name: 'IMPORT_MAX_BYTES', default: '10485760', description: 'Largest file accepted by Import Data (10 MB); a larger one is refused with 413 and nothing stored.' },
  { name: 'SALES_EMAIL', default: '', description: 'Where Contact Sales and custom API requests are e-mailed (when SMTP_HOST is set). They are always kept in the requests inbox.' },
  { name: 'STATIC_DIR', default: 'dist', description: 'Built dashboard served for every non-API request (with index.html for client routes), when the folder exists.' },
  {
    name: 'PUBLIC_RATE_LIMIT',
    default: '60',
    description: "Requests per minute one client address may make to the survey widget's public API (/api/public/*); more are answered 429 with Retry-After. Counted in Redis when REDIS_URL is set (shared by every process and replica), otherwise in the web server's own memory (shared by the processes of one machine, WEB_CONCURRENCY): without Redis, each replica admits this many on its own.",
  },
  {
    name: 'PUBLIC_SURVEY_RATE_LIMIT',
    default: '600',
    description: "Requests per minute the survey widget's public API accepts for one survey (displays and responses), from all addresses together.",
  },
  {
    name: 'REDIS_URL',
    default: '',
    description:
      'Redis (redis://host:6379) where the public rate limits and the sign-in throttle count, so that every process and replica shares them; one atomic increment per request. Without it they count in memory, per machine. If Redis stops answering, each process counts on its own until it is back.',
  },
  { name: 'REDIS_PREFIX', default: 'navout', description: 'Prefix of every key Navout writes in Redis, so that deployments sharing a Redis stay apart.' },
  {
    name: 'WEB_CONCURRENCY',
    default: '(production on PostgreSQL: one per core; otherwise 1)',
    description:
      'Web server processes on this machine, sharing its port (node:cluster). Above 1, a supervising process applies migrations, runs the background jobs (unless BACKGROUND_JOBS=false) and keeps the rate-limit counts of its web processes when REDIS_URL is not set. SQLite stays at 1 by default: it has one writer.',
  },
  {
    name: 'BACKGROUND_JOBS',
    default: 'true',
    description:
      'true runs the deployment\'s background jobs (webhook and Write Back deliveries, syncs, audience builds and refreshes) in the web server; set false on the web servers when `npm run worker` processes run them. Each web process still flushes its own prediction call log and keeps its loaded prediction snapshots fresh.',
  },
  {
    name: 'JOBS_MEMORY_MB',
    default: '1024',
    description:
      "The heap limit in megabytes of the web server's background jobs process. The deployment's jobs a web server runs (syncs, webhook and Write Back deliveries, audience builds and refreshes, retention, erasures) run in a child process of its own, started, restarted and stopped with the server, never on the event loop that answers requests. A connector's page is at most 20 MB and the process pulls SYNC_CONCURRENCY runs at once; a process that runs out is started again and its runs resume after their last stored page. `npm run worker` keeps Node's own limit (NODE_OPTIONS sets it).",
  },
  {
    name: 'BUNDLE_RECHECK_MS',
    default: '1000',
    description: "How long a web process serves its copy of a company's survey widget bundle before reading the company's bundle version again: a change to a survey, its styling or targeting, or the survey settings reaches the widget within this long on every process and replica.",
  },
  {
    name: 'PREDICT_RATE_LIMIT',
    default: '6000',
    description:
      'Calls per minute one API key may make to the prediction API (/api/v1/predict, /events, /items), over all replicas; more are answered 429 rate_limited with Retry-After. Each replica counts its own calls in memory and reads the others\' per-minute rollups once a second, so no call waits on a database write.',
  },
  {
    name: 'PREDICTION_REFRESH_SECONDS',
    default: '20',
    description:
      'How often each loaded company is checked for items and events changed since its prediction snapshot; a changed company gets a new snapshot, built in a worker thread. New items and events count in predictions within about this long.',
  },
  {
    name: 'PREDICTION_POLL_SECONDS',
    default: '5',
    description: 'How often a replica looks for a newer prediction snapshot published by another replica and loads it.',
  },
  {
    name: 'DEMO_SCALE_PERCENT',
    default: '100',
    description:
      "How much of the demo's generated activity is seeded: the share, in percent, of its month of prediction-API interactions (200,000 events at 100) and of its website visitors. A smaller demo starts sooner; every screen still shows data.",
  },
  {
    name: 'AUDIENCE_MAX_MERGE',
    default: '5',
    description:
      'Audience Intelligence: the most people (distinct user ids or e-mails) one unified profile may join. A join that would make a larger profile is refused and recorded, so one shared identifier cannot collapse many customers into one.',
  },
  {
    name: 'AUDIENCE_REFRESH_SECONDS',
    default: '60',
    description:
      "Audience Intelligence: how often companies are checked for records and survey responses changed since their profiles were built; a changed company's profiles are rebuilt in the background, one company at a time, in a worker thread that writes a new generation in short transactions and switches to it at the end (readers see the previous one until then). A company sending events all the time is rebuilt at most this often, or back to back when its rebuild takes longer.",
  },
  {
    name: 'AUDIENCE_BUILD_MEMORY_MB',
    default: '1536',
    description:
      "Audience Intelligence: the build worker's heap limit in megabytes. Below 2,048 V8 also lets the heap grow less between full collections (measured on 200,000 people and 1,000,000 events: a peak about 160 MB lower at 1,536, in the same time); the benchmark's build of 1,200,000 records peaks at about 200 MB of live heap (its typed arrays are counted apart), so the default leaves room for several times that. A build that needs more fails its job with the worker's out-of-memory message, and the server goes on.",
  },
  {
    name: 'WEBHOOK_ALLOW_PRIVATE',
    default: 'false',
    description:
      'true lets completion webhooks and Write Back deliveries go to loopback, private and link-local addresses and over plain http. For development and tests only: it opens the server to requests into its own network.',
  },
  {
    name: 'CONNECTOR_ALLOW_PRIVATE',
    default: 'false',
    description:
      'true lets connectors (REST, GraphQL, databases, vendors) reach loopback, private and link-local addresses and plain http. For development and tests only: it opens the server to requests into its own network.',
  },
  {
    name: 'SYNC_WORKER',
    default: 'true',
    description:
      'true runs the sync worker (claims queued sync runs, queues scheduled ones) inside the web process. Set false when separate `npm run worker` processes do the syncing; on PostgreSQL any number of them share the work.',
  },
  {
    name: 'SYNC_CONCURRENCY',
    default: '3',
    description:
      "Sync runs one process (the web server's jobs process, or each `npm run worker`) pulls at once. One company holds at most all but one of them (at least one: two of the default three), and a free one goes to a company with no run in progress before another run of a busy company, so one company's long pulls never keep another company's run waiting.",
  },
  { name: 'SYNC_POLL_SECONDS', default: '5', description: "How often a sync worker looks for a queued sync run to claim. Sync Now wakes the web process's own worker at once; a run left to `npm run worker` processes starts within this long." },
  { name: 'SYNC_SCHEDULE_SECONDS', default: '60', description: 'How often a sync worker queues the runs of sources whose hourly or daily schedule is due.' },
  {
    name: 'METRICS_TOKEN',
    default: '',
    description:
      'Bearer token (at least 16 characters) that reads the Prometheus metrics at /metrics on the main port (and on METRICS_PORT, when that is set too). With neither METRICS_TOKEN nor METRICS_PORT, /metrics is not served (404).',
  },
  {
    name: 'METRICS_PORT',
    default: '',
    description:
      "Port of a server of its own answering only GET /metrics (keep it off the internet, or set METRICS_TOKEN too); the main port then does not serve /metrics. Required for metrics with WEB_CONCURRENCY above 1: the supervising process answers there for all its web processes, added up.",
  },
];

export type DatabaseConfig = { kind: 'sqlite'; file: string } | { kind: 'postgresql'; url: string };

export type SsoProviderKind = 'entra' | 'oidc';

export interface SsoSettings {
  provider: SsoProviderKind;
  /** Shown on the sign-in button. */
  displayName: string;
  clientId: string;
  /** The Entra tenant; null for other providers. */
  tenantId: string | null;
  /** Where the browser signs in: the Entra authority, or the OpenID Connect issuer. */
  authority: string;
  issuer: string;
  /** Null: read from the issuer's discovery document. */
  jwksUri: string | null;
  /** Scopes of the OpenID Connect sign-in (Entra's are fixed). */
  scopes: string[];
}

export interface SmtpSettings {
  host: string;
  port: number;
  user: string | null;
  pass: string | null;
  from: string;
}

export interface Config {
  port: number;
  database: DatabaseConfig;
  dataDir: string;
  jwt: { secret: string; ttlSeconds: number; issuer: string; audience: string };
  publicUrl: string;
  logLevel: string;
  /** undefined: the default rule (seed an empty SQLite database on first start). */
  seedDemo: boolean | undefined;
  /** The share (0 to 1) of the demo's generated interactions and visitors that the seed writes. */
  demoScale: number;
  trustProxy: boolean;
  sso: SsoSettings | null;
  smtp: SmtpSettings | null;
  loginRateLimit: number;
  staticDir: string;
  /** 32 bytes for AES-256-GCM (data-source credentials). */
  credentialsKey: Buffer;
  importMaxBytes: number;
  salesEmail: string | null;
  /** Requests per minute to /api/public/* from one client address, and for one survey. */
  publicRateLimit: { perAddress: number; perSurvey: number };
  /** How long a process serves its copy of a company's widget bundle before checking the company's version again. */
  publicBundleRecheckMs: number;
  /** Where rate limits and sign-in throttles count (bff/platform/counters.ts): Redis when set, else the cluster or this process. */
  redis: { url: string | null; prefix: string };
  /** Web server processes on this machine (node:cluster above 1). */
  webConcurrency: number;
  /** Whether the web server runs the deployment's background jobs, or separate `npm run worker` processes do. */
  backgroundJobs: boolean;
  /** The web server's background jobs process's heap limit, and the sync runs one process pulls at once. */
  jobs: { memoryMb: number; syncConcurrency: number };
  /** Completion webhooks may reach private addresses and use http (development only). */
  webhookAllowPrivate: boolean;
  /** Connectors may reach private addresses and use http (development only). */
  connectorAllowPrivate: boolean;
  /** The sync worker: whether the web process runs it, its claim loop's and scheduler's intervals. */
  sync: { worker: boolean; pollMs: number; scheduleMs: number };
  /** The prediction API: per-key calls per minute, the snapshot refresher's and the replicas' poll intervals. */
  prediction: { rateLimitPerMinute: number; refreshMs: number; pollMs: number };
  /** Audience Intelligence: the largest join of people into one profile, and the refresher's interval. */
  audience: { maxProfilesPerMerge: number; refreshMs: number; buildMemoryMb: number };
  /** Who reads /metrics (bff/platform/metrics.ts): a Bearer of the token on the main port, or anyone reaching a port of its own. */
  metrics: { token: string | null; port: number | null };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export const JWT_ISSUER = 'navout';
export const JWT_AUDIENCE = 'navout-dashboard';
const MIN_SECRET_LENGTH = 32;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

type Env = Record<string, string | undefined>;

function text(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = text(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number between ${min} and ${max} (got "${raw}")`);
  }
  return value;
}

function flag(env: Env, name: string): boolean | undefined {
  const raw = text(env, name)?.toLowerCase();
  if (raw === undefined) return undefined;
  if (['true', '1', 'yes', 'on'].includes(raw)) return true;
  if (['false', '0', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false (got "${raw}")`);
}

const DURATION_UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };

export function parseDuration(name: string, raw: string): number {
  const match = /^(\d+)\s*([smhd]?)$/i.exec(raw.trim());
  const seconds = match ? Number(match[1]) * DURATION_UNITS[(match[2] || 's').toLowerCase()] : NaN;
  if (!Number.isFinite(seconds) || seconds <= 0) {
    throw new ConfigError(`${name} must be a duration such as 900, 30m, 8h or 7d (got "${raw}")`);
  }
  return seconds;
}

function database(env: Env, dataDir: string): DatabaseConfig {
  const url = text(env, 'DATABASE_URL');
  if (!url) return { kind: 'sqlite', file: join(dataDir, 'navout.sqlite') };
  if (/^postgres(ql)?:\/\//i.test(url)) return { kind: 'postgresql', url };
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url) && !url.startsWith('sqlite:')) {
    throw new ConfigError('DATABASE_URL must be a postgres:// URL, sqlite:<file> or a file path');
  }
  const file = url.replace(/^sqlite:(\/\/)?/i, '');
  return { kind: 'sqlite', file: file === ':memory:' ? file : resolve(file) };
}

/** A secret kept across restarts, so tokens survive them, without anyone having to set one up. */
function jwtSecret(env: Env, dataDir: string): string {
  const configured = text(env, 'JWT_SECRET');
  if (configured) {
    if (configured.length < MIN_SECRET_LENGTH) {
      throw new ConfigError(`JWT_SECRET must be at least ${MIN_SECRET_LENGTH} characters long`);
    }
    return configured;
  }
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= MIN_SECRET_LENGTH) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const generated = randomBytes(48).toString('base64url');
  writeFileSync(file, `${generated}\n`, { mode: 0o600 });
  // writeFileSync only applies the mode to a new file.
  chmodSync(file, 0o600);
  return generated;
}

/** The key that encrypts data-source credentials, generated and kept like the JWT secret when not set. */
function credentialsKey(env: Env, dataDir: string): Buffer {
  const configured = text(env, 'CREDENTIALS_KEY');
  if (configured) {
    const key = /^[0-9a-f]{64}$/i.test(configured) ? Buffer.from(configured, 'hex') : Buffer.from(configured, 'base64');
    if (key.length !== 32) throw new ConfigError('CREDENTIALS_KEY must be 32 bytes, as base64 or 64 hex digits');
    return key;
  }
  const file = join(dataDir, 'credentials-key');
  if (existsSync(file)) {
    const stored = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
    if (stored.length === 32) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const generated = randomBytes(32);
  writeFileSync(file, `${generated.toString('base64')}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return generated;
}

function sso(env: Env): SsoSettings | null {
  const provider = text(env, 'SSO_PROVIDER') ?? 'entra';
  if (provider !== 'entra' && provider !== 'oidc') throw new ConfigError('SSO_PROVIDER must be entra or oidc');
  const clientId = text(env, 'SSO_CLIENT_ID');
  const jwksUri = text(env, 'SSO_JWKS_URI') ?? null;
  if (provider === 'oidc') {
    const configured = text(env, 'SSO_ISSUER');
    if (!configured || !clientId) return null;
    let issuerUrl: URL;
    try {
      issuerUrl = new URL(configured);
    } catch {
      throw new ConfigError('SSO_ISSUER must be a URL');
    }
    if (issuerUrl.protocol !== 'https:' && !['localhost', '127.0.0.1', '[::1]'].includes(issuerUrl.hostname)) {
      throw new ConfigError('SSO_ISSUER must be an https:// URL');
    }
    const scopes = (text(env, 'SSO_SCOPES') ?? 'openid profile email').split(/\s+/).filter(Boolean);
    return {
      provider,
      displayName: text(env, 'SSO_PROVIDER_NAME') ?? issuerUrl.hostname,
      clientId,
      tenantId: null,
      authority: configured,
      issuer: configured,
      jwksUri,
      scopes: scopes.includes('openid') ? scopes : ['openid', ...scopes],
    };
  }
  const tenantId = text(env, 'SSO_TENANT_ID');
  if (!tenantId || !clientId) return null;
  const authority = `https://login.microsoftonline.com/${tenantId}`;
  return {
    provider,
    displayName: text(env, 'SSO_PROVIDER_NAME') ?? 'Microsoft',
    clientId,
    tenantId,
    authority,
    issuer: text(env, 'SSO_ISSUER') ?? `${authority}/v2.0`,
    jwksUri: jwksUri ?? `${authority}/discovery/v2.0/keys`,
    scopes: ['User.Read', 'openid', 'profile', 'email'],
  };
}

function smtp(env: Env): SmtpSettings | null {
  const host = text(env, 'SMTP_HOST');
  if (!host) return null;
  return {
    host,
    port: integer(env, 'SMTP_PORT', 587, 1, 65_535),
    user: text(env, 'SMTP_USER') ?? null,
    pass: text(env, 'SMTP_PASS') ?? null,
    from: text(env, 'SMTP_FROM') ?? 'Navout <no-reply@navout.example>',
  };
}

const MIN_METRICS_TOKEN_LENGTH = 16;

function metrics(env: Env, port: number): Config['metrics'] {
  const token = text(env, 'METRICS_TOKEN') ?? null;
  if (token !== null && token.length < MIN_METRICS_TOKEN_LENGTH) {
    throw new ConfigError(`METRICS_TOKEN must be at least ${MIN_METRICS_TOKEN_LENGTH} characters long`);
  }
  const metricsPort = text(env, 'METRICS_PORT') === undefined ? null : integer(env, 'METRICS_PORT', 0, 1, 65_535);
  if (metricsPort !== null && metricsPort === port) throw new ConfigError('METRICS_PORT must differ from PORT');
  return { token, port: metricsPort };
}

/** Production on PostgreSQL uses every core; SQLite (one writer), development and tests one process. */
function webConcurrency(env: Env, database: DatabaseConfig): number {
  const fallback = env.NODE_ENV === 'production' && database.kind === 'postgresql' ? availableParallelism() : 1;
  return integer(env, 'WEB_CONCURRENCY', fallback, 1, 64);
}

export function loadConfig(env: Env = process.env): Config {
  const port = integer(env, 'PORT', 3000, 0, 65_535);
  const dataDir = resolve(text(env, 'DATA_DIR') ?? './data');
  const logLevel = text(env, 'LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  const publicUrl = (text(env, 'PUBLIC_URL') ?? `http://localhost:${port}`).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]+/i.test(publicUrl)) throw new ConfigError('PUBLIC_URL must start with http:// or https://');

  const databaseConfig = database(env, dataDir);
  return {
    port,
    database: databaseConfig,
    dataDir,
    jwt: {
      secret: jwtSecret(env, dataDir),
      ttlSeconds: parseDuration('JWT_TTL', text(env, 'JWT_TTL') ?? '8h'),
      issuer: JWT_ISSUER,
      audience: JWT_AUDIENCE,
    },
    publicUrl,
    logLevel,
    seedDemo: flag(env, 'SEED_DEMO'),
    demoScale: integer(env, 'DEMO_SCALE_PERCENT', 100, 1, 100) / 100,
    trustProxy: flag(env, 'TRUST_PROXY') ?? false,
    sso: sso(env),
    smtp: smtp(env),
    loginRateLimit: integer(env, 'LOGIN_RATE_LIMIT', 5, 1, 10_000),
    staticDir: resolve(text(env, 'STATIC_DIR') ?? 'dist'),
    credentialsKey: credentialsKey(env, dataDir),
    importMaxBytes: integer(env, 'IMPORT_MAX_BYTES', 10 * 1024 * 1024, 1, 1024 * 1024 * 1024),
    salesEmail: text(env, 'SALES_EMAIL') ?? null,
    publicRateLimit: {
      perAddress: integer(env, 'PUBLIC_RATE_LIMIT', 60, 1, 1_000_000),
      perSurvey: integer(env, 'PUBLIC_SURVEY_RATE_LIMIT', 600, 1, 1_000_000),
    },
    publicBundleRecheckMs: integer(env, 'BUNDLE_RECHECK_MS', 1_000, 0, 60_000),
    redis: { url: text(env, 'REDIS_URL') ?? null, prefix: text(env, 'REDIS_PREFIX') ?? 'navout' },
    webConcurrency: webConcurrency(env, databaseConfig),
    backgroundJobs: flag(env, 'BACKGROUND_JOBS') ?? true,
    jobs: { memoryMb: integer(env, 'JOBS_MEMORY_MB', 1024, 128, 65_536), syncConcurrency: integer(env, 'SYNC_CONCURRENCY', 3, 1, 64) },
    webhookAllowPrivate: flag(env, 'WEBHOOK_ALLOW_PRIVATE') ?? false,
    connectorAllowPrivate: flag(env, 'CONNECTOR_ALLOW_PRIVATE') ?? false,
    sync: {
      worker: flag(env, 'SYNC_WORKER') ?? true,
      pollMs: integer(env, 'SYNC_POLL_SECONDS', 5, 1, 3_600) * 1000,
      scheduleMs: integer(env, 'SYNC_SCHEDULE_SECONDS', 60, 1, 86_400) * 1000,
    },
    prediction: {
      rateLimitPerMinute: integer(env, 'PREDICT_RATE_LIMIT', 6000, 1, 10_000_000),
      refreshMs: integer(env, 'PREDICTION_REFRESH_SECONDS', 20, 1, 86_400) * 1000,
      pollMs: integer(env, 'PREDICTION_POLL_SECONDS', 5, 1, 3_600) * 1000,
    },
    audience: {
      maxProfilesPerMerge: integer(env, 'AUDIENCE_MAX_MERGE', DEFAULT_MAX_PROFILES_PER_MERGE, 1, 1_000_000),
      refreshMs: integer(env, 'AUDIENCE_REFRESH_SECONDS', 60, 1, 86_400) * 1000,
      buildMemoryMb: integer(env, 'AUDIENCE_BUILD_MEMORY_MB', 1536, 256, 65_536),
    },
    metrics: metrics(env, port),
  };
}

/** The database address as it may appear in logs: never with its password. */
export function describeDatabase(database: DatabaseConfig): string {
  if (database.kind === 'sqlite') return `SQLite ${database.file}`;
  const url = new URL(database.url);
  if (url.password) url.password = '***';
  return `PostgreSQL ${url.toString()}`;
}

/**
 * The demo companies and users. Their credentials are published in the README and used by the
 * browser tests, so they are fixed here and nowhere else.
 */
import type { EntityManager } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/knex';
import { DEFAULT_PERMISSIONS, type Role } from '@domain/auth/roles';
import { Company, User } from '../entities';
import type { Config } from '../config';
import { hashPassword as scryptHash } from '../platform/passwords';
import { analyzeTables } from '../platform/analyze';
import { seedDemoAudience } from './demoAudience';
import { seedDemoConnectors } from './demoConnectors';
import { seedDemoData } from './demoData';
import { seedDemoPrediction } from './demoPrediction';
import { seedDemoDashboard } from './demoDashboard';
import { seedDemoResponses } from './demoResponses';
import { seedDemoSurveys } from './demoSurveys';

export interface DemoCompany {
  key: 'navout' | 'acme' | 'globex';
  name: string;
  domain: string;
  isInternal: boolean;
  industry: string;
  companySize: string;
  website: string;
  phone: string;
  address: string;
  description: string;
  targetAudience: string;
}

export interface DemoUser {
  email: string;
  password: string;
  name: string;
  role: Role;
  company: DemoCompany['key'];
  profileName: string;
  jobTitle: string;
  department: string;
}

export const DEMO_COMPANIES: readonly DemoCompany[] = [
  {
    key: 'navout',
    name: 'Navout',
    domain: 'navout.example',
    isInternal: true,
    industry: 'Technology',
    companySize: '11-50',
    website: 'https://navout.example',
    phone: '+1 415 555 0100',
    address: '500 Market Street, Suite 300, San Francisco, CA 94105, USA',
    description: 'Navout operates the platform: connected data, recommendations and audience intelligence for its customers.',
    targetAudience: 'B2B',
  },
  {
    key: 'acme',
    name: 'Acme Retail',
    domain: 'acme.example',
    isInternal: false,
    industry: 'Retail',
    companySize: '51-200',
    website: 'https://acme.example',
    phone: '+1 312 555 0142',
    address: '221 North Wacker Drive, Chicago, IL 60606, USA',
    description: 'Regional home-goods retailer with 38 stores and a growing online shop.',
    targetAudience: 'B2C',
  },
  {
    key: 'globex',
    name: 'Globex Health',
    domain: 'globex.example',
    isInternal: false,
    industry: 'Healthcare',
    companySize: '201-500',
    website: 'https://globex.example',
    phone: '+1 617 555 0187',
    address: '75 Francis Street, Boston, MA 02115, USA',
    description: 'Network of outpatient clinics offering primary care, diagnostics and telehealth.',
    targetAudience: 'Mixed',
  },
];

export const DEMO_USERS: readonly DemoUser[] = [
  { email: 'admin@navout.example', password: 'Navout-Admin-2026', name: 'Nora Admin', role: 'admin', company: 'navout', profileName: 'Nora', jobTitle: 'Platform Administrator', department: 'Operations' },
  { email: 'alice@acme.example', password: 'Acme-Admin-2026', name: 'Alice Martin', role: 'company_admin', company: 'acme', profileName: 'Alice', jobTitle: 'Head of E-commerce', department: 'Digital' },
  { email: 'bob@acme.example', password: 'Acme-User-2026', name: 'Bob Keller', role: 'user', company: 'acme', profileName: 'Bob', jobTitle: 'Marketing Analyst', department: 'Marketing' },
  { email: 'carol@globex.example', password: 'Globex-Admin-2026', name: 'Carol Chen', role: 'company_admin', company: 'globex', profileName: 'Carol', jobTitle: 'Director of Patient Experience', department: 'Patient Services' },
  { email: 'dan@globex.example', password: 'Globex-User-2026', name: 'Dan Reyes', role: 'user', company: 'globex', profileName: 'Dan', jobTitle: 'Data Analyst', department: 'Analytics' },
];

export interface SeedOptions {
  /** Tests pass a memoised hasher; scrypt at full cost takes a noticeable time per password. */
  hashPassword?: (password: string) => Promise<string>;
  /**
   * Also seeds the companies' business data (files, records, sources, data types, surveys),
   * encrypting the demo credentials with this key. The product's start and `npm run seed:demo`
   * do; most tests only need the accounts.
   */
  data?: Pick<Config, 'credentialsKey' | 'database' | 'publicUrl' | 'demoScale'>;
}

export interface SeededDemo {
  companies: Record<DemoCompany['key'], Company>;
  users: Record<string, User>;
}

export async function demoExists(em: EntityManager): Promise<boolean> {
  return (await em.count(User, { email: DEMO_USERS[0].email })) > 0;
}

/** Creates the demo in one transaction; returns null when it already exists. */
export async function seedDemo(em: EntityManager, options: SeedOptions = {}): Promise<SeededDemo | null> {
  if (await demoExists(em)) return null;
  const hash = options.hashPassword ?? scryptHash;
  const passwordHashes = await Promise.all(DEMO_USERS.map((user) => hash(user.password)));

  const seeded = await em.transactional(async (tx) => {
    const companies = {} as SeededDemo['companies'];
    for (const { key, ...fields } of DEMO_COMPANIES) {
      companies[key] = tx.create(Company, { ...fields, status: 'active' });
    }
    const users: SeededDemo['users'] = {};
    DEMO_USERS.forEach((demo, index) => {
      users[demo.email] = tx.create(User, {
        email: demo.email,
        name: demo.name,
        passwordHash: passwordHashes[index],
        role: demo.role,
        status: 'active',
        permissions: [...DEFAULT_PERMISSIONS[demo.role]],
        companyId: companies[demo.company].id,
        profileName: demo.profileName,
        jobTitle: demo.jobTitle,
        department: demo.department,
      });
    });
    const seeded = { companies, users };
    if (options.data) {
      await tx.flush();
      await seedDemoData(tx, companies, demoAdmins(seeded));
      await seedDemoSurveys(tx, companies, demoAdmins(seeded));
      await seedDemoResponses(tx, companies);
    }
    return seeded;
  });
  // The prediction API's records go through its own ingestion, each batch in its own transaction.
  if (options.data) await seedDemoPrediction(em, options.data.database.kind, seeded.companies, demoAdmins(seeded), new Date(), options.data.demoScale);
  // Clicks and purchases on what those calls served, attributed for the dashboard overview.
  if (options.data) await seedDemoDashboard(em, options.data.database.kind, seeded.companies);
  // Connected sources whose records came by sync runs and by the ingestion URL.
  if (options.data) await seedDemoConnectors(em, options.data, seeded.companies, demoAdmins(seeded));
  // Unified profiles of everything seeded, built as the server builds them.
  if (options.data) await seedDemoAudience(em, options.data.database.kind, seeded.companies, demoAdmins(seeded), new Date(), options.data.demoScale);
  // Planner statistics for every table just filled: a fresh PostgreSQL demo is fast at once.
  if (options.data) await analyzeTables((em as SqlEntityManager).getKnex(), options.data.database.kind);
  return seeded;
}

/** Who created each company's demo data: its first admin. */
function demoAdmins(seeded: SeededDemo): Record<DemoCompany['key'], User> {
  const admins = {} as Record<DemoCompany['key'], User>;
  for (const demo of DEMO_USERS) admins[demo.company] ??= seeded.users[demo.email]!;
  return admins;
}

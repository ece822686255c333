import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { Permission, Role } from '@domain/auth/roles';
import type { UserStatus } from '@domain/company/options';
import { nullable, record } from './BaseRecord';
import { Company } from './Company';

export const User = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: record({
    /** Always stored lower-cased, so look-ups are case-insensitive on every database. */
    email: p.string().unique(),
    name: p.string(),
    /** Null until an invited user activates their account. */
    passwordHash: nullable(p.string()),
    role: p.string().$type<Role>().length(20),
    status: p.string().$type<UserStatus>().length(20),
    permissions: p.json<Permission[]>(),
    // A relation (kept as the bare id) so the unit of work writes companies before their users.
    companyId: p.manyToOne(Company).mapToPk().fieldName('company_id').index().updateRule('no action'),
    profileName: nullable(p.string()),
    phone: nullable(p.string()),
    department: nullable(p.string()),
    jobTitle: nullable(p.string()),
    bio: nullable(p.text()),
    photoFileId: nullable(p.string().length(32)),
    /**
     * The single sign-on identity the account is bound to, from its first SSO sign-in on: the
     * issuer, the Entra tenant (tid; null for other providers) and the subject (Entra's object id
     * oid, else sub). Sign-ins find the account by these alone, never by an e-mail claim.
     */
    ssoIssuer: nullable(p.string()),
    azureId: nullable(p.string()),
    tenantId: nullable(p.string()),
    ssoLinkedAt: nullable(p.datetime()),
    /** Carried by every session token; raising it (password reset) ends the user's existing sessions. */
    sessionVersion: p.integer().onCreate(() => 0),
  }),
  // One account per identity of an issuer.
  uniques: [{ properties: ['ssoIssuer', 'azureId'], name: 'users_sso_identity_unique' }],
});
export type User = InferEntity<typeof User>;

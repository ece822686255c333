/**
 * A company's single sign-on settings (the e-mail domains it vouches for, and whether its active
 * accounts may be linked at a first sign-in) and the record of links, unlinks and refused
 * sign-ins its administrators read. The sign-in rules themselves live in the auth module.
 */
import type { EntityManager } from '@mikro-orm/core';
import type { CompanySsoInput } from '@domain/auth/schemas';
import type { CompanySso, SsoEventView } from '@domain/auth/types';
import { SsoEvent, type Company } from '../../entities';
import { changesOf, record } from '../audit';

/** How many of the latest events the settings show. */
export const SSO_EVENTS_SHOWN = 50;

function presentEvent(event: SsoEvent): SsoEventView {
  return {
    id: event.id,
    userId: event.userId,
    kind: event.kind,
    code: event.code,
    issuer: event.issuer,
    subject: event.subject,
    email: event.email,
    actorName: event.actorName,
    createdAt: event.createdAt.toISOString(),
  };
}

export async function companySso(db: EntityManager, company: Company): Promise<CompanySso> {
  const events = await db.find(SsoEvent, { companyId: company.id }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: SSO_EVENTS_SHOWN });
  return { verifiedDomains: company.ssoVerifiedDomains ?? [], allowLinking: company.ssoLinking, events: events.map(presentEvent) };
}

export async function updateCompanySso(db: EntityManager, company: Company, input: CompanySsoInput): Promise<CompanySso> {
  const domains = [...new Set(input.verifiedDomains.map((domain) => domain.toLowerCase()))].sort();
  const changes = changesOf({ verifiedDomains: company.ssoVerifiedDomains ?? [], allowLinking: company.ssoLinking }, { verifiedDomains: domains, allowLinking: input.allowLinking });
  if (changes) record(db, { action: 'company_sso_changed', companyId: company.id, target: { type: 'company', id: company.id, label: company.name }, changes });
  company.ssoVerifiedDomains = domains.length ? domains : null;
  company.ssoLinking = input.allowLinking;
  await db.flush();
  return companySso(db, company);
}

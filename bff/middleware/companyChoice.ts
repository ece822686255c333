/**
 * The one company a screen's settings belong to (the model screen, the Outbound API screen, the
 * Plans page's usage): a company user's own, whatever they send; a global admin's "View Data For"
 * choice (companyFilter in the query for reads, companyId in the body for writes), which must name
 * one existing company.
 */
import { companyFilterQuery } from '@domain/params';
import { Company } from '../entities';
import { actorOf } from './auth';
import { apiError } from '../platform/errors';
import { requestEntityManager } from '../platform/requestScope';
import { companyForWrite, companyScope } from './tenant';
import { queryOf } from './validate';
import type { AppContext } from '../types';

async function existing(companyId: string): Promise<string> {
  const found = await requestEntityManager().findOne(Company, { id: companyId }, { fields: ['id'] });
  if (!found) throw apiError('not_found', { message: 'No such company exists in your reach.' });
  return companyId;
}

/** The company a read is for: a route registered with `{ query: companyFilterQuery }`. */
export async function companyToRead(ctx: AppContext): Promise<string> {
  const actor = actorOf(ctx);
  const companyId = companyScope(actor, queryOf(ctx, companyFilterQuery).companyFilter);
  if (!companyId) throw apiError('company_required');
  return actor.isGlobalAdmin ? existing(companyId) : companyId;
}

/** The company a write is for, from the body's companyId. */
export async function companyToWrite(ctx: AppContext, requested: string | null | undefined): Promise<string> {
  const actor = actorOf(ctx);
  const companyId = companyForWrite(actor, requested);
  return actor.isGlobalAdmin ? existing(companyId) : companyId;
}

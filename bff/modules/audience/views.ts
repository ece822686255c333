/**
 * The company's saved views of Audience Intelligence: a name, the page's filters, search and
 * category, and how many profiles matched them (with their coverage) when the view was saved,
 * counted on the current build like the page's own figures (reads.ts). Each works in a fork of the
 * EntityManager its route hands it.
 */
import type { AudienceView as AudienceViewShape } from '@domain/audience/contract';
import type { AudienceViewInput } from '@domain/audience/query';
import type { EntityManager } from '@mikro-orm/core';
import { AudienceView } from '../../entities';
import { apiError } from '../../platform/errors';
import { countsOf, currentBuild, type AudienceDb } from './reads';

function viewOf(view: AudienceView): AudienceViewShape {
  return {
    id: view.id,
    name: view.name,
    description: view.description,
    filters: view.filters,
    search: view.search,
    categoryId: view.categoryId ?? null,
    userCount: view.userCount,
    coverage: view.coverage,
    createdAt: view.createdAt.toISOString(),
  };
}

export async function listViews(em: EntityManager, companyId: string): Promise<AudienceViewShape[]> {
  const views = await em.fork().find(AudienceView, { companyId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  return views.map(viewOf);
}

export async function saveView(em: EntityManager, db: AudienceDb, companyId: string, input: AudienceViewInput, createdById: string | null): Promise<AudienceViewShape> {
  const filters = { ...input.filters, search: input.search ?? '' };
  const counted = await countsOf(db, companyId, await currentBuild(db, companyId), filters, input.categoryId ?? null);
  const work = em.fork();
  const view = work.create(AudienceView, {
    companyId,
    name: input.name.trim(),
    description: input.description ?? '',
    filters: input.filters,
    search: (input.search ?? '').trim(),
    categoryId: input.categoryId ?? null,
    userCount: counted.total,
    coverage: counted.coverage,
    createdById,
  });
  await work.flush();
  return viewOf(view);
}

export async function deleteView(em: EntityManager, companyId: string, id: string): Promise<void> {
  const deleted = await em.fork().nativeDelete(AudienceView, { id, companyId });
  if (!deleted) throw apiError('not_found', { error: 'Saved view not found', message: 'No such view exists in your reach.' });
}

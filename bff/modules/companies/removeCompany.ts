import type { EntityManager, EntityMetadata } from '@mikro-orm/core';
import { Company, DashboardPreference, Invitation, User } from '../../entities';
import type { RowLock } from '../../platform/sql';

/**
 * Every table that holds a company's rows, found from the entity metadata (an entity with a
 * companyId property), so a table added later goes with the company without anyone listing it.
 * Ordered so a row is deleted before the rows it points at: an entity that references another
 * company-owned entity comes first.
 */
export function companyOwnedEntities(em: EntityManager): EntityMetadata[] {
  const owned = [...em.getMetadata()].filter((meta) => !meta.embeddable && !meta.virtual && meta.className !== Company.meta.className && meta.properties.companyId);
  const referrersOf = (target: string) =>
    owned.filter((meta) => meta.className !== target && meta.relations.some((relation) => relation.kind === 'm:1' && relation.type === target));
  const ordered: EntityMetadata[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  // Depth first: an entity is placed after every entity that references it.
  const visit = (meta: EntityMetadata) => {
    if (state.get(meta.className) === 'done') return;
    if (state.get(meta.className) === 'visiting') throw new Error(`Company-owned tables reference each other in a cycle at ${meta.className}`);
    state.set(meta.className, 'visiting');
    for (const referrer of referrersOf(meta.className)) visit(referrer);
    state.set(meta.className, 'done');
    ordered.push(meta);
  };
  for (const meta of owned) visit(meta);
  return ordered;
}

/**
 * Deletes the company and everything that belongs to it: its users' invitations and overview
 * preferences first (they belong to the company through the user), anyone's overview preferences
 * for this company, then every company-owned table, then the company.
 * The caller runs it in a transaction, so a failure keeps everything.
 *
 * On PostgreSQL the company's row is locked first: a row written for the company meanwhile (the
 * prediction call log's flush, an ingested event) then waits for the deletion and fails for want
 * of its company, rather than landing between the deletion of its table and the company's, which
 * then failed on it, or locking rows in the other order (a deadlock). SQLite's writers take turns.
 */
export async function removeCompanyRows(em: EntityManager, companyId: string, lockForUpdate: RowLock): Promise<void> {
  if (lockForUpdate.lockMode) await em.findOne(Company, { id: companyId }, { ...lockForUpdate, fields: ['id'] });
  const members = await em.find(User, { companyId }, { fields: ['id'] });
  const memberIds = members.map((member) => member.id);
  if (memberIds.length) await em.nativeDelete(Invitation, { userId: { $in: memberIds } });
  await em.nativeDelete(DashboardPreference, { $or: [{ userId: { $in: memberIds } }, { scope: companyId }] });
  for (const meta of companyOwnedEntities(em)) {
    await em.nativeDelete(meta.className, { companyId });
  }
  await em.nativeDelete(Company, { id: companyId });
}

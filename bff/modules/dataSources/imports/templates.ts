/**
 * Saved mapping templates: the mapping of the last stored import of a file with exactly this
 * header, offered again by the next preview of such a file.
 */
import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import type { ImportTemplate as ImportTemplateView } from '@domain/data/imports';
import { ImportTemplate } from '../../../entities';
import type { ImportPlan } from './validate';

/** Hex SHA-256 of the column names in order (as a JSON array, so names cannot run together). */
export function headerSignature(columns: readonly string[]): string {
  return createHash('sha256').update(JSON.stringify(columns)).digest('hex');
}

export function presentTemplate(template: ImportTemplate): ImportTemplateView {
  return {
    id: template.id,
    name: template.name,
    columns: template.columns,
    recordKind: template.recordKind,
    mapping: template.mapping,
    keyColumn: template.keyColumn,
    dateColumn: template.dateColumn,
    updatedAt: template.updatedAt.toISOString(),
  };
}

export function findTemplate(em: EntityManager, companyId: string, columns: readonly string[]): Promise<ImportTemplate | null> {
  return em.findOne(ImportTemplate, { companyId, headerSignature: headerSignature(columns) });
}

/** Creates or refreshes the company's template for this header (flushed with the import). */
export async function saveTemplate(em: EntityManager, companyId: string, name: string, columns: readonly string[], plan: ImportPlan): Promise<ImportTemplate> {
  const values = { name, columns: [...columns], recordKind: plan.kind, mapping: plan.mapping, keyColumn: plan.keyColumn, dateColumn: plan.dateColumn };
  const existing = await findTemplate(em, companyId, columns);
  if (existing) {
    em.assign(existing, values);
    // A re-import with the same mapping changes no column, yet the template was used again now.
    existing.updatedAt = new Date();
    return existing;
  }
  return em.create(ImportTemplate, { companyId, headerSignature: headerSignature(columns), ...values });
}

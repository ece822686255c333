/**
 * A company's saved mapping templates (the column mappings file imports remember, written by
 * imports/), listed newest first and removed.
 */
import type { EntityManager } from '@mikro-orm/core';
import { ImportTemplate } from '../../../entities';
import { presentTemplate } from '../imports/templates';

export const TEMPLATE_NOT_FOUND = { error: 'Mapping template not found', message: 'No mapping template with this id exists in your reach.' };

export async function listTemplates(em: EntityManager, companyId: string | undefined) {
  const templates = await em.find(ImportTemplate, companyId ? { companyId } : {}, { orderBy: { updatedAt: 'desc' } });
  return templates.map(presentTemplate);
}

export async function removeTemplate(em: EntityManager, template: ImportTemplate): Promise<void> {
  await em.nativeDelete(ImportTemplate, { id: template.id });
}

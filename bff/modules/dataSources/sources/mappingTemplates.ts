/**
 * A company's saved mapping templates (the column mappings file imports remember, written by
 * imports/), listed newest first and removed.
 */
import { ImportTemplate } from '../../../entities';
import type { Orm } from '../../../types';
import { presentTemplate } from '../imports/templates';

export const TEMPLATE_NOT_FOUND = { error: 'Mapping template not found', message: 'No mapping template with this id exists in your reach.' };

export async function listTemplates(orm: Orm, companyId: string | undefined) {
  const templates = await orm.em.find(ImportTemplate, companyId ? { companyId } : {}, { orderBy: { updatedAt: 'desc' } });
  return templates.map(presentTemplate);
}

export async function removeTemplate(orm: Orm, template: ImportTemplate): Promise<void> {
  await orm.em.nativeDelete(ImportTemplate, { id: template.id });
}

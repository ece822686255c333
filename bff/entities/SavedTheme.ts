import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { SavedTheme as SavedThemeView } from '@domain/survey/types';
import { baseProperties } from './BaseRecord';
import { Company } from './Company';

/** A company's saved survey theme (colours, typography and logo), shared by everyone in it. Never updated. */
export const SavedTheme = defineEntity({
  name: 'SavedTheme',
  tableName: 'survey_themes',
  properties: {
    id: baseProperties.id,
    companyId: p.manyToOne(Company).mapToPk().fieldName('company_id').index().updateRule('no action'),
    name: p.string(),
    settings: p.json<SavedThemeView['settings']>(),
    createdAt: baseProperties.createdAt,
  },
});
export type SavedTheme = InferEntity<typeof SavedTheme>;

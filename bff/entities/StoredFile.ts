import { randomBytes } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { baseProperties } from './BaseRecord';
import { Company } from './Company';

export type StoredFileKind = 'company_logo' | 'user_photo' | 'survey_logo';

/**
 * A company logo, survey logo or profile photo. Served publicly by its id, so the id is long and
 * random (192 bits): knowing one file's address gives no way to guess another's. Never updated, so
 * no updatedAt.
 */
export const StoredFile = defineEntity({
  name: 'StoredFile',
  tableName: 'stored_files',
  properties: {
    id: p
      .string()
      .primary()
      .length(32)
      .onCreate(() => randomBytes(24).toString('base64url')),
    companyId: p.manyToOne(Company).mapToPk().fieldName('company_id').index().updateRule('no action'),
    kind: p.string().$type<StoredFileKind>().length(20),
    contentType: p.string().length(100),
    // Lazy: listings and look-ups never read the image itself. (The second argument keeps the type
    // a plain Buffer rather than a ScalarReference.)
    bytes: p.blob().$type<Buffer>().lazy(true, false),
    size: p.integer(),
    createdAt: baseProperties.createdAt,
  },
});
export type StoredFile = InferEntity<typeof StoredFile>;

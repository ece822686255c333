import { randomBytes } from 'node:crypto';
import { EntitySchema, OptionalProps } from '@mikro-orm/core';

export type StoredFileKind = 'company_logo' | 'user_photo';

/**
 * A logo or profile photo. Served publicly by its id, so the id is long and random (192 bits):
 * knowing one file's address gives no way to guess another's.
 */
export class StoredFile {
  [OptionalProps]?: 'id' | 'createdAt';
  id: string = randomBytes(24).toString('base64url');
  companyId!: string;
  kind!: StoredFileKind;
  contentType!: string;
  bytes!: Buffer;
  size!: number;
  createdAt: Date = new Date();
}

export const StoredFileSchema = new EntitySchema<StoredFile>({
  class: StoredFile,
  tableName: 'stored_files',
  properties: {
    id: { type: 'string', primary: true, length: 32 },
    companyId: { kind: 'm:1', entity: 'Company', mapToPk: true, fieldName: 'company_id' },
    kind: { type: 'string' },
    contentType: { type: 'string' },
    bytes: { type: 'blob', lazy: true },
    size: { type: 'integer' },
    createdAt: { type: 'Date' },
  },
});

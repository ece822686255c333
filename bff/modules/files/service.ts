import type { EntityManager } from '@mikro-orm/core';
import { fileTypeFromBuffer } from 'file-type';
import { PROFILE_IMAGE_MAX_BYTES } from '@domain/limits';
import { StoredFile, type StoredFileKind } from '../../entities';
import { apiError } from '../../platform/errors';

/** Raster formats every browser shows. SVG is refused: it can carry scripts. */
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

export const IMAGE_UPLOAD_MAX_BYTES = PROFILE_IMAGE_MAX_BYTES;

export interface CheckedImage {
  bytes: Buffer;
  contentType: string;
}

/** The image type read from the bytes themselves, or null when they are not an image we show. */
export async function imageTypeOf(bytes: Buffer): Promise<string | null> {
  if (bytes.length === 0) return null;
  const detected = await fileTypeFromBuffer(bytes);
  return detected && IMAGE_TYPES.has(detected.mime) ? detected.mime : null;
}

/** The type is read from the bytes themselves; the declared Content-Type is not trusted. */
export async function checkImage(bytes: Buffer | undefined): Promise<CheckedImage> {
  if (!bytes || bytes.length === 0) throw apiError('invalid_image', { message: 'The upload is empty.' });
  const contentType = await imageTypeOf(bytes);
  if (!contentType) throw apiError('invalid_image');
  return { bytes, contentType };
}

export function createStoredImage(em: EntityManager, companyId: string, kind: StoredFileKind, image: CheckedImage): StoredFile {
  return em.create(StoredFile, {
    companyId,
    kind,
    contentType: image.contentType,
    bytes: image.bytes,
    size: image.bytes.length,
  });
}

export async function deleteStoredFile(em: EntityManager, fileId: string | null): Promise<void> {
  if (fileId) await em.nativeDelete(StoredFile, { id: fileId });
}

const FILE_ID = /^[A-Za-z0-9_-]{1,64}$/;

export async function readStoredFile(em: EntityManager, id: string): Promise<StoredFile | null> {
  if (!FILE_ID.test(id)) return null;
  return em.findOne(StoredFile, { id }, { populate: ['bytes'] });
}

/** What the files route serves: a stored file by its id. */
export function createFileService() {
  return { read: (em: EntityManager, id: string) => readStoredFile(em, id) };
}

export type FileService = ReturnType<typeof createFileService>;

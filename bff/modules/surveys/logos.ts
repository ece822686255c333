/**
 * A survey logo sent as multipart/form-data (field `file`), as the styling editor's upload sends
 * it: an image smaller than 5 MB, its type read from the bytes (the declared type is not trusted).
 * Answers use the editor's own messages (data document, section 5).
 */
import { MB } from '@domain/limits';
import { LOGO_MESSAGES } from '@domain/survey/messages';
import { apiError, HttpError } from '../../platform/errors';
import type { AppContext } from '../../types';
import { type CheckedImage, imageTypeOf } from '../files';
import { MULTIPART_OVERHEAD_BYTES, receiveUpload } from '../../platform/uploads';

/** "under 5242880 bytes": a logo of exactly 5 MB is refused. */
export const SURVEY_LOGO_LIMIT_BYTES = 5 * MB;

const tooLarge = () => apiError('logo_too_large', { error: LOGO_MESSAGES.tooLarge });
const notImage = () => apiError('logo_not_image', { error: LOGO_MESSAGES.notImage });

export async function receiveLogo(ctx: AppContext): Promise<CheckedImage> {
  // A declared body that cannot hold a small enough logo is refused before a byte is read.
  const declared = Number(ctx.get('content-length') || 0);
  if (declared > SURVEY_LOGO_LIMIT_BYTES + MULTIPART_OVERHEAD_BYTES) throw tooLarge();
  const upload = await receiveUpload(ctx.req, SURVEY_LOGO_LIMIT_BYTES - 1);
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of upload.file.stream) chunks.push(chunk as Buffer);
  } catch (failure) {
    if (failure instanceof HttpError && failure.code === 'import_too_large') throw tooLarge();
    throw failure;
  } finally {
    await upload.release();
  }
  const bytes = Buffer.concat(chunks);
  const contentType = await imageTypeOf(bytes);
  if (!contentType) throw notImage();
  return { bytes, contentType };
}

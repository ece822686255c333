/** Logo and photo uploads (platform specification, section 5): an image, within a size limit. */
import { PERMISSIONS_LOGO_MAX_BYTES, PROFILE_IMAGE_MAX_BYTES } from '@domain/limits';

export const INVALID_IMAGE_MESSAGE = 'Please select a valid image file';

export interface ImageLimit {
  maxBytes: number;
  tooLargeMessage: string;
}

/** The permissions modal keeps the smaller limit and its own wording. */
export const PERMISSIONS_LOGO_LIMIT: ImageLimit = {
  maxBytes: PERMISSIONS_LOGO_MAX_BYTES,
  tooLargeMessage: 'File size must be less than 2MB',
};

/** The company profile and the user profile. */
export const PROFILE_IMAGE_LIMIT: ImageLimit = {
  maxBytes: PROFILE_IMAGE_MAX_BYTES,
  tooLargeMessage: 'Image file must be smaller than 5MB',
};

/** The message to show for a file that cannot be uploaded, or null when it can. */
export function imageFileError(file: Pick<File, 'type' | 'size'>, limit: ImageLimit): string | null {
  if (!file.type.startsWith('image/')) return INVALID_IMAGE_MESSAGE;
  if (file.size > limit.maxBytes) return limit.tooLargeMessage;
  return null;
}

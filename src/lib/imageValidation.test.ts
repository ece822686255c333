import { describe, expect, it } from 'vitest';
import { MB } from '@domain/limits';
import { imageFileError, PERMISSIONS_LOGO_LIMIT, PROFILE_IMAGE_LIMIT } from './imageValidation';

const file = (type: string, size: number) => ({ type, size });

describe('imageFileError', () => {
  it('refuses a file that is not an image', () => {
    expect(imageFileError(file('application/pdf', 1000), PROFILE_IMAGE_LIMIT)).toBe('Please select a valid image file');
    expect(imageFileError(file('', 1000), PERMISSIONS_LOGO_LIMIT)).toBe('Please select a valid image file');
  });

  it('holds the permissions modal to 2 MB with its own wording', () => {
    expect(imageFileError(file('image/png', 2 * MB), PERMISSIONS_LOGO_LIMIT)).toBeNull();
    expect(imageFileError(file('image/png', 2 * MB + 1), PERMISSIONS_LOGO_LIMIT)).toBe('File size must be less than 2MB');
  });

  it('holds the profile images to 5 MB', () => {
    expect(imageFileError(file('image/jpeg', 3 * MB), PROFILE_IMAGE_LIMIT)).toBeNull();
    expect(imageFileError(file('image/jpeg', 5 * MB), PROFILE_IMAGE_LIMIT)).toBeNull();
    expect(imageFileError(file('image/jpeg', 5 * MB + 1), PROFILE_IMAGE_LIMIT)).toBe('Image file must be smaller than 5MB');
  });

  it('reports the type before the size', () => {
    expect(imageFileError(file('text/plain', 10 * MB), PROFILE_IMAGE_LIMIT)).toBe('Please select a valid image file');
  });
});

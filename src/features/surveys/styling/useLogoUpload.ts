/**
 * A logo's way from a file to the BFF: the file's checks (an image, under 5 MB), its reading into
 * the crop step, and the upload of the cropped PNG.
 */
import { useState } from 'react';
import type { Area } from 'react-easy-crop';
import { MB } from '@domain/limits';
import { LOGO_MESSAGES } from '@domain/survey/messages';
import { serverMessage, UNKNOWN_REASON } from '@/lib/failure';
import { useUploadSurveyLogo } from '../api/logos';
import { cropToPng } from './cropImage';

/** Section 5: a logo file must be under 5 MB (5242880 bytes). */
export const SURVEY_LOGO_MAX_BYTES = 5 * MB;

export const LOGO_UPLOAD_FAILED = (detail: string) => `Failed to upload logo: ${detail}`;

/** Why a chosen file cannot be a logo, or null. */
export function logoFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!file.type.startsWith('image/')) return LOGO_MESSAGES.notImage;
  if (file.size >= SURVEY_LOGO_MAX_BYTES) return LOGO_MESSAGES.tooLarge;
  return null;
}

/**
 * `onStored` receives the stored logo's address. `crop` is what the crop dialog takes: the picture
 * (null while none is being cropped), whether the upload runs, and why it failed.
 */
export function useLogoUpload(companyFilter: string | undefined, onStored: (url: string) => void) {
  const [pickError, setPickError] = useState<string | null>(null);
  const [cropSource, setCropSource] = useState<string | null>(null);
  const [cropError, setCropError] = useState<string | null>(null);
  const upload = useUploadSurveyLogo(companyFilter);

  const pick = (file: File | undefined) => {
    if (!file) return;
    const problem = logoFileProblem(file);
    setPickError(problem);
    if (problem) return;
    const reader = new FileReader();
    reader.onload = () => {
      setCropError(null);
      setCropSource(typeof reader.result === 'string' ? reader.result : null);
    };
    reader.onerror = () => setPickError(LOGO_MESSAGES.readError);
    reader.readAsDataURL(file);
  };

  const applyCrop = async (area: Area) => {
    if (!cropSource) return;
    setCropError(null);
    try {
      const png = await cropToPng(cropSource, area);
      const stored = await upload.mutateAsync(png);
      onStored(stored.url);
      setCropSource(null);
    } catch (error) {
      setCropError(LOGO_UPLOAD_FAILED(serverMessage(error, UNKNOWN_REASON)));
    }
  };

  return {
    pickError,
    dismissPickError: () => setPickError(null),
    pick,
    crop: {
      image: cropSource,
      busy: upload.isPending,
      error: cropError,
      onCancel: () => setCropSource(null),
      onApply: (area: Area) => void applyCrop(area),
    },
  };
}

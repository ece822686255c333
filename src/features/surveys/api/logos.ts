/**
 * Survey logos are stored by the BFF (POST /api/surveys/logos, multipart field `file`), so a logo
 * shows on every device and the survey keeps only its address.
 */
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/apiClient';

export interface StoredLogo {
  /** '/api/files/{fileId}' */
  url: string;
}

export const LOGO_FILE_NAME = 'logo.png';

export function uploadSurveyLogo(image: Blob, companyFilter: string | undefined): Promise<StoredLogo> {
  const form = new FormData();
  form.append('file', image, LOGO_FILE_NAME);
  return apiRequest<StoredLogo>('/api/surveys/logos', { method: 'POST', form, query: { companyFilter } });
}

export const useUploadSurveyLogo = (companyFilter: string | undefined) =>
  useMutation({ mutationFn: (image: Blob) => uploadSurveyLogo(image, companyFilter) });

/**
 * Import Data: the preview call and the streamed import (or dry run) with its progress. A stored
 * import adds or changes a source, its records and its fields, so every data-source query is read
 * again afterwards.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportEvent, ImportOptions, ImportPreview, ImportResult } from '@domain/data/imports';
import { apiRequest } from '@/lib/apiClient';
import { uploadWithProgress } from '@/lib/uploadWithProgress';
import { dataSourceKeys } from '../api';
import { progressView, type ProgressLine, type UploadCount } from './importProgress';

/**
 * Sending a 10 MB file over a slow line takes longer than the client's usual 10 s; and a file is
 * not sent twice behind the user's back, so no retry either.
 */
const PREVIEW_TIMEOUT_MS = 120_000;

/** The first rows of a file and the server's reading of them. The company goes first: the server reads the parts in order. */
export function usePreviewImport() {
  return useMutation({
    mutationFn: ({ file, companyId }: { file: File; companyId: string | null }) => {
      const form = new FormData();
      if (companyId) form.append('companyId', companyId);
      form.append('file', file);
      return apiRequest<ImportPreview>('/api/data-sources/import/preview', {
        method: 'POST',
        form,
        timeoutMs: PREVIEW_TIMEOUT_MS,
        retryDelaysMs: [],
      });
    },
  });
}

export interface ImportRequest {
  file: File;
  options: ImportOptions;
}

/**
 * Runs an import or a dry run over the streamed call, keeping its progress. The options go before
 * the file, so the server knows what to do with the rows while they arrive. Leaving the dialog
 * stops the upload.
 */
export function useImportUpload() {
  const queryClient = useQueryClient();
  const [line, setLine] = useState<ProgressLine | null>(null);
  const [upload, setUpload] = useState<UploadCount | null>(null);
  const controller = useRef<AbortController | null>(null);

  const mutation = useMutation({
    mutationFn: ({ file, options }: ImportRequest) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      setLine(null);
      setUpload(null);
      const form = new FormData();
      form.append('options', JSON.stringify(options));
      form.append('file', file);
      return uploadWithProgress<ImportResult, ImportEvent>('/api/data-sources/import', form, {
        signal: abort.signal,
        onUploadProgress: (sent, total) => setUpload({ sent, total }),
        onLine: (event) => {
          if (event.type === 'progress') setLine(event);
        },
      });
    },
    // Also after a failure or a cancel: the server may have finished storing before the answer was lost.
    onSettled: (_result, _error, { options }) => {
      if (!options.dryRun) return queryClient.invalidateQueries({ queryKey: dataSourceKeys.all });
      return undefined;
    },
  });

  useEffect(() => () => controller.current?.abort(), []);
  const abort = useCallback(() => controller.current?.abort(), []);

  const dryRun = mutation.variables?.options.dryRun ?? false;
  return { ...mutation, progress: progressView(line, upload, dryRun), abort };
}

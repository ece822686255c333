/**
 * The import dialog's one flow: the chosen file, its preview, the choices made on it, the dry run
 * and the import, and the step they put the dialog at. A finished import closes the dialog after
 * its message has been read; leaving it stops an upload under way.
 */
import { useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react';
import type { ImportResult } from '@domain/data/imports';
import type { DataSource } from '@domain/data/sources';
import { ApiError } from '@/lib/apiClient';
import { useImportUpload, usePreviewImport } from './api';
import { duplicateTargets, initialChoices, toOptions, type ImportChoices } from './importChoices';

/** The success message stays this long before the dialog closes (the specification's toast time). */
export const IMPORT_SUCCESS_CLOSE_MS = 3_000;

interface ImportRowsInvalidBody {
  error: string;
  message: string;
  report?: ImportResult;
}
export type RefusedImport = ImportRowsInvalidBody & { report: ImportResult };

/** The report of an import refused because some rows are not valid (nothing was stored). */
function refusedReport(error: unknown): RefusedImport | null {
  if (!(error instanceof ApiError) || error.code !== 'import_rows_invalid') return null;
  const body = error.body as ImportRowsInvalidBody;
  return body.report ? (body as RefusedImport) : null;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

export interface ImportFlowOptions {
  companyId: string | null;
  source?: DataSource;
  onClose: () => void;
  onImported?: (result: ImportResult) => void;
}

export function useImportFlow({ companyId, source, onClose, onImported }: ImportFlowOptions) {
  const [file, setFile] = useState<File | null>(null);
  const [choices, setChoices] = useState<ImportChoices | null>(null);
  const preview = usePreviewImport();
  const upload = useImportUpload();

  const lastRun = upload.variables?.options;
  const checked = lastRun?.dryRun && upload.isSuccess ? upload.data : null;
  const imported = lastRun && !lastRun.dryRun && upload.isSuccess ? upload.data : null;
  const importing = upload.isPending && lastRun?.dryRun === false;
  const checking = upload.isPending && lastRun?.dryRun === true;
  const refused = refusedReport(upload.error);
  const failed = upload.isError && !refused && !isAbort(upload.error) ? upload.error : null;
  const step = imported ? 3 : importing ? 2 : preview.isSuccess && choices ? 1 : 0;
  const busy = preview.isPending || upload.isPending;
  const mappingInvalid = choices ? Object.keys(duplicateTargets(choices.mapping)).length > 0 : true;

  const finished = useRef(false);
  const finish = useCallback(() => {
    if (finished.current || !imported) return;
    finished.current = true;
    onImported?.(imported);
    onClose();
  }, [imported, onImported, onClose]);

  useEffect(() => {
    if (!imported) return undefined;
    const timer = setTimeout(finish, IMPORT_SUCCESS_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [imported, finish]);

  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    // The same file may be chosen again after a fix: the input must report it as a change.
    event.target.value = '';
    if (!chosen) return;
    upload.reset();
    setChoices(null);
    setFile(chosen);
    preview.mutate({ file: chosen, companyId }, { onSuccess: (answer) => setChoices(initialChoices(answer, source)) });
  };

  const changeChoices = (next: ImportChoices) => {
    // A report is only true of the options it was made with.
    upload.reset();
    setChoices(next);
  };

  const run = (dryRun: boolean, skipInvalid = false) => {
    if (!file || !choices) return;
    upload.mutate({ file, options: toOptions(choices, { dryRun, skipInvalid, sourceId: source?.id ?? null, companyId }) });
  };

  const close = () => {
    if (imported) {
      finish();
      return;
    }
    upload.abort();
    onClose();
  };

  return {
    file,
    fileName: preview.data?.fileName ?? file?.name ?? '',
    preview,
    choices,
    upload,
    lastRun,
    checked,
    imported,
    importing,
    checking,
    refused,
    failed,
    step,
    busy,
    canRun: step === 1 && !busy && !mappingInvalid,
    chooseFile,
    changeChoices,
    run,
    close,
    finish,
  };
}

export type ImportFlow = ReturnType<typeof useImportFlow>;

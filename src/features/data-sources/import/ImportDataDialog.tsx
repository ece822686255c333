import { useCallback, useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { IMPORT_ACCEPT, type ImportResult } from '@domain/data/imports';
import { DATA_SOURCE_LABELS, DATA_SOURCE_MESSAGES, type DataSource } from '@domain/data/sources';
import { ApiError } from '@/lib/apiClient';
import { ModalDialog } from '@/ui/ModalDialog';
import { useImportUpload, usePreviewImport } from './api';
import { duplicateTargets, initialChoices, toOptions, type ImportChoices } from './importChoices';
import { formatBytes } from './importProgress';
import { ImportFailure } from './ImportFailure';
import { ImportOptionsForm } from './ImportOptionsForm';
import { ImportPreviewTable } from './ImportPreviewTable';
import { ImportProgressBar } from './ImportProgressBar';
import { ImportReport } from './ImportReport';

/** The success message stays this long before the dialog closes (the specification's toast time). */
export const IMPORT_SUCCESS_CLOSE_MS = 3_000;

const STEPS = ['Choose a file', 'Map and check', 'Import'] as const;

export interface ImportDataDialogProps {
  open: boolean;
  onClose: () => void;
  /** The company in view for a global admin; null for everyone else (they import into their own). */
  companyId: string | null;
  /** A file source to import into again: records with the same key are updated (upserts). */
  source?: DataSource;
  /** Called once a stored import has succeeded, when the dialog closes after its message. */
  onImported?: (result: ImportResult) => void;
}

/**
 * Import Data: choose a file, see its first rows, say what the records are and map the columns,
 * check the whole file (a dry run), then import it with the server's progress. Each opening
 * starts from the first step.
 */
export function ImportDataDialog(props: ImportDataDialogProps) {
  const [opened, setOpened] = useState(0);
  const [wasOpen, setWasOpen] = useState(props.open);
  if (props.open !== wasOpen) {
    setWasOpen(props.open);
    if (props.open) setOpened((count) => count + 1);
  }
  return <ImportFlow key={opened} {...props} />;
}

interface ImportRowsInvalidBody {
  error: string;
  message: string;
  report?: ImportResult;
}

/** The report of an import refused because some rows are not valid (nothing was stored). */
function refusedReport(error: unknown): (ImportRowsInvalidBody & { report: ImportResult }) | null {
  if (!(error instanceof ApiError) || error.code !== 'import_rows_invalid') return null;
  const body = error.body as ImportRowsInvalidBody;
  return body.report ? (body as ImportRowsInvalidBody & { report: ImportResult }) : null;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

function ImportFlow({ open, onClose, companyId, source, onImported }: ImportDataDialogProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const reportRef = useRef<HTMLDivElement>(null);
  const fileHelpId = useId();
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

  // A new report appears below the options: bring it into view.
  useEffect(() => {
    if (checked || refused) reportRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [checked, refused]);

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

  const busy = preview.isPending || upload.isPending;
  const mappingInvalid = choices ? Object.keys(duplicateTargets(choices.mapping)).length > 0 : true;
  const canRun = step === 1 && !busy && !mappingInvalid;
  const fileName = preview.data?.fileName ?? file?.name ?? '';

  const actions =
    step === 3 ? (
      <Button variant="contained" onClick={finish}>
        Done
      </Button>
    ) : (
      <>
        <Button onClick={close}>Cancel</Button>
        {step === 1 && (
          <>
            <Button onClick={() => run(true)} disabled={!canRun}>
              Check file
            </Button>
            <Button variant="contained" onClick={() => run(false)} disabled={!canRun}>
              Import
            </Button>
          </>
        )}
      </>
    );

  return (
    <ModalDialog
      open={open}
      onClose={close}
      title={DATA_SOURCE_LABELS.importData}
      subtitle={source ? `Into ${source.name}: records with the same key are updated.` : undefined}
      maxWidth="md"
      actions={actions}
    >
      <Stack spacing={2.5}>
        <Stepper activeStep={step} alternativeLabel>
          {STEPS.map((label) => (
            <Step key={label}>
              <StepLabel>{label}</StepLabel>
            </Step>
          ))}
        </Stepper>

        {step < 2 && (
          <Stack spacing={1}>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Button
                variant={file ? 'outlined' : 'contained'}
                startIcon={<UploadFileIcon />}
                onClick={() => inputRef.current?.click()}
                disabled={busy}
                aria-describedby={fileHelpId}
              >
                {file ? 'Choose Another File' : 'Choose File'}
              </Button>
              {file && (
                <Typography variant="body2">
                  <strong>{file.name}</strong> ({formatBytes(file.size)})
                </Typography>
              )}
            </Stack>
            <Typography id={fileHelpId} variant="body2" sx={{ color: 'text.secondary' }}>
              CSV, JSON or Excel file (.csv, .json, .xlsx, .xls), max 10MB
            </Typography>
            <input ref={inputRef} type="file" accept={IMPORT_ACCEPT} hidden aria-label="File to import (max 10MB)" onChange={chooseFile} />
          </Stack>
        )}

        {preview.isPending && (
          <Box>
            <Typography variant="body2" sx={{ mb: 1 }}>
              Reading {file?.name}…
            </Typography>
            <LinearProgress aria-label={`Reading ${file?.name ?? 'the file'}`} />
          </Box>
        )}
        {preview.isError && <ImportFailure error={preview.error} />}

        {step === 1 && preview.data && choices && (
          <>
            <ImportPreviewTable preview={preview.data} />
            <ImportOptionsForm preview={preview.data} choices={choices} onChange={changeChoices} source={source} disabled={busy} />
          </>
        )}

        {checking && <ImportProgressBar view={upload.progress} title={`Checking ${fileName}`} />}

        <Box ref={reportRef}>
          {checked && (
            <Stack spacing={1}>
              <Typography variant="subtitle1" component="h3">
                Check results
              </Typography>
              <ImportReport result={checked} />
            </Stack>
          )}
          {refused && (
            <Stack spacing={1.5}>
              <Alert severity="error">
                <AlertTitle>{refused.error}</AlertTitle>
                {refused.message} Nothing was imported.
              </Alert>
              <ImportReport result={refused.report} />
              <Box>
                <Button variant="contained" color="warning" onClick={() => run(false, true)} disabled={busy}>
                  Import valid rows only
                </Button>
              </Box>
            </Stack>
          )}
          {failed !== null && <ImportFailure error={failed} />}
        </Box>

        {importing && <ImportProgressBar view={upload.progress} title={`Importing ${fileName}`} />}

        {imported && (
          <Stack spacing={1}>
            <Alert severity="success">{DATA_SOURCE_MESSAGES.imported(imported.fileName, imported.added + imported.updated)}</Alert>
            {(source || lastRun?.keyColumn || imported.updated > 0) && (
              <Typography variant="body2">
                Added: {imported.added} · Updated: {imported.updated} · Skipped: {imported.skipped}
              </Typography>
            )}
            {!(source || lastRun?.keyColumn || imported.updated > 0) && imported.skipped > 0 && (
              <Typography variant="body2">
                Skipped: {imported.skipped} {imported.skipped === 1 ? 'row' : 'rows'} (outside the date range or not valid)
              </Typography>
            )}
          </Stack>
        )}
      </Stack>
    </ModalDialog>
  );
}

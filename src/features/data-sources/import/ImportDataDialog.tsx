import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import type { ImportResult } from '@domain/data/imports';
import { DATA_SOURCE_LABELS, type DataSource } from '@domain/data/sources';
import { ModalDialog } from '@/ui/ModalDialog';
import { ImportFileStep } from './ImportFileStep';
import { ImportOptionsForm } from './ImportOptionsForm';
import { ImportCheckOutcome, ImportDone } from './ImportOutcome';
import { ImportPreviewTable } from './ImportPreviewTable';
import { ImportProgressBar } from './ImportProgressBar';
import { useImportFlow, type ImportFlow } from './useImportFlow';

export { IMPORT_SUCCESS_CLOSE_MS } from './useImportFlow';

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
 * check the whole file (a dry run), then import it with the server's progress. Its owner mounts it
 * afresh (a new key) at each opening, so each opening starts from the first step.
 */
export function ImportDataDialog({ open, onClose, companyId, source, onImported }: ImportDataDialogProps) {
  const flow = useImportFlow({ companyId, source, onClose, onImported });
  const { step, preview, choices, upload, fileName } = flow;
  return (
    <ModalDialog
      open={open}
      onClose={flow.close}
      title={DATA_SOURCE_LABELS.importData}
      subtitle={source ? `Into ${source.name}: records with the same key are updated.` : undefined}
      maxWidth="md"
      actions={<ImportActions flow={flow} />}
    >
      <Stack spacing={2.5}>
        <Stepper activeStep={step} alternativeLabel>
          {STEPS.map((label) => (
            <Step key={label}>
              <StepLabel>{label}</StepLabel>
            </Step>
          ))}
        </Stepper>
        <ImportFileStep flow={flow} />
        {step === 1 && preview.data && choices && (
          <>
            <ImportPreviewTable preview={preview.data} />
            <ImportOptionsForm preview={preview.data} choices={choices} onChange={flow.changeChoices} source={source} disabled={flow.busy} />
          </>
        )}
        {flow.checking && <ImportProgressBar view={upload.progress} title={`Checking ${fileName}`} />}
        <ImportCheckOutcome flow={flow} />
        {flow.importing && <ImportProgressBar view={upload.progress} title={`Importing ${fileName}`} />}
        <ImportDone flow={flow} />
      </Stack>
    </ModalDialog>
  );
}

/** Cancel, then Check file and Import once the file is mapped; Done once it is imported. */
function ImportActions({ flow }: { flow: ImportFlow }) {
  if (flow.step === 3) {
    return (
      <Button variant="contained" onClick={flow.finish}>
        Done
      </Button>
    );
  }
  return (
    <>
      <Button onClick={flow.close}>Cancel</Button>
      {flow.step === 1 && (
        <>
          <Button onClick={() => flow.run(true)} disabled={!flow.canRun}>
            Check file
          </Button>
          <Button variant="contained" onClick={() => flow.run(false)} disabled={!flow.canRun}>
            Import
          </Button>
        </>
      )}
    </>
  );
}

import { useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DATA_SOURCE_MESSAGES } from '@domain/data/sources';
import { ImportFailure } from './ImportFailure';
import { ImportReport } from './ImportReport';
import type { ImportFlow } from './useImportFlow';

/** What the last check or import found: the dry run's report, a refusal for invalid rows (with "Import valid rows only"), a failure. */
export function ImportCheckOutcome({ flow }: { flow: ImportFlow }) {
  const reportRef = useRef<HTMLDivElement>(null);
  const { checked, refused, failed, busy } = flow;
  // A new report appears below the options: bring it into view.
  useEffect(() => {
    if (checked || refused) reportRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [checked, refused]);
  return (
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
            <Button variant="contained" color="warning" onClick={() => flow.run(false, true)} disabled={busy}>
              Import valid rows only
            </Button>
          </Box>
        </Stack>
      )}
      {failed !== null && <ImportFailure error={failed} />}
    </Box>
  );
}

/** A stored import: the specification's message, and what was added, updated and skipped when that says more. */
export function ImportDone({ flow }: { flow: ImportFlow }) {
  const { imported, lastRun } = flow;
  if (!imported) return null;
  const counted = Boolean(lastRun?.sourceId || lastRun?.keyColumn || imported.updated > 0);
  return (
    <Stack spacing={1}>
      <Alert severity="success">{DATA_SOURCE_MESSAGES.imported(imported.fileName, imported.added + imported.updated)}</Alert>
      {counted && (
        <Typography variant="body2">
          Added: {imported.added} · Updated: {imported.updated} · Skipped: {imported.skipped}
        </Typography>
      )}
      {!counted && imported.skipped > 0 && (
        <Typography variant="body2">
          Skipped: {imported.skipped} {imported.skipped === 1 ? 'row' : 'rows'} (outside the date range or not valid)
        </Typography>
      )}
    </Stack>
  );
}

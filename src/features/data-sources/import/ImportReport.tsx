import { useId } from 'react';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { rowErrorsCsv, type ImportResult, type RowError } from '@domain/data/imports';

/** The row-error list scrolls past this height, so the dialog's buttons stay in reach. */
const ERRORS_MAX_HEIGHT_PX = 240;

export interface ImportReportProps {
  /** A dry run's result, or the report of an import refused for invalid rows (nothing was stored). */
  result: ImportResult;
}

const count = (value: number) => value.toLocaleString('en-US');

/** "customers.csv" → "customers-report.csv". */
function reportName(fileName: string): string {
  return `${fileName.replace(/\.[^.]+$/, '') || 'import'}-report.csv`;
}

function download(errors: readonly RowError[], fileName: string) {
  const url = URL.createObjectURL(new Blob([rowErrorsCsv(errors)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = reportName(fileName);
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has the file by now; the URL would otherwise hold the report in memory.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** What a dry run found: the counts, then every row error (row, field, value, reason), downloadable as CSV. */
export function ImportReport({ result }: ImportReportProps) {
  const tableId = useId();
  const { totalRows, added, updated, skipped, outOfRange, errors, errorCount, invalidRows } = result;
  const listed = errors.length < errorCount ? ` (the first ${count(errors.length)} are listed)` : '';
  return (
    <Stack spacing={1.5}>
      {errorCount === 0 ? (
        <Alert severity="success">No problems found in {count(totalRows)} rows.</Alert>
      ) : (
        <Alert severity="warning">
          {count(errorCount)} {errorCount === 1 ? 'error' : 'errors'} in {count(invalidRows)} of {count(totalRows)} rows{listed}.
        </Alert>
      )}
      <Typography variant="body2">
        Rows in the file: {count(totalRows)} · Would add: {count(added)} · Would update: {count(updated)} · Would skip: {count(skipped)}
        {outOfRange > 0 ? ` (${count(outOfRange)} outside the date range)` : ''}
      </Typography>
      {errors.length > 0 && (
        <>
          <Typography id={tableId} variant="subtitle2" component="h3">
            Row errors
          </Typography>
          {/* Focusable, so the list can be scrolled from the keyboard. */}
          <TableContainer tabIndex={0} role="region" aria-labelledby={tableId} sx={{ maxHeight: ERRORS_MAX_HEIGHT_PX, border: 1, borderColor: 'divider', borderRadius: 1 }}>
            <Table size="small" stickyHeader aria-labelledby={tableId}>
              <TableHead>
                <TableRow>
                  <TableCell>Row</TableCell>
                  <TableCell>Field</TableCell>
                  <TableCell>Value</TableCell>
                  <TableCell>Reason</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {errors.map((error, index) => (
                  <TableRow key={`${error.row}-${error.field}-${index}`}>
                    <TableCell>{error.row}</TableCell>
                    <TableCell>{error.field}</TableCell>
                    <TableCell sx={{ maxWidth: 200, overflowWrap: 'anywhere' }}>{error.value}</TableCell>
                    <TableCell>{error.reason}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <Box>
            <Button startIcon={<DownloadIcon />} onClick={() => download(errors, result.fileName)}>
              Download report (CSV)
            </Button>
          </Box>
        </>
      )}
    </Stack>
  );
}

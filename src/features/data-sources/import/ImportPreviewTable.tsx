import { useId } from 'react';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { IMPORT_PREVIEW_ROWS, type ImportPreview } from '@domain/data/imports';

const DELIMITER_NAMES: Record<string, string> = { ',': 'comma (,)', ';': 'semicolon (;)', '\t': 'tab' };

export function delimiterName(delimiter: string): string {
  return DELIMITER_NAMES[delimiter] ?? `"${delimiter}"`;
}

/** The first rows of the file as the server read them, one column per field of the file. */
export function ImportPreviewTable({ preview }: { preview: ImportPreview }) {
  const captionId = useId();
  const rows = preview.rows.slice(0, IMPORT_PREVIEW_ROWS);
  return (
    <>
      <Typography id={captionId} variant="subtitle2" component="h3">
        Preview: first {rows.length} {rows.length === 1 ? 'row' : 'rows'}
        {preview.delimiter !== null && (
          <Typography component="span" variant="body2" sx={{ ml: 1, color: 'text.secondary' }}>
            Delimiter: {delimiterName(preview.delimiter)}
          </Typography>
        )}
      </Typography>
      {/* Wide files scroll sideways; the region is focusable so that works from the keyboard too. */}
      <TableContainer tabIndex={0} role="region" aria-labelledby={captionId} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, maxHeight: 260 }}>
        <Table size="small" stickyHeader aria-labelledby={captionId}>
          <TableHead>
            <TableRow>
              {preview.columns.map((column) => (
                <TableCell key={column.name} sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                  {column.name}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row, index) => (
              <TableRow key={index}>
                {preview.columns.map((column) => (
                  <TableCell key={column.name} sx={{ maxWidth: 220, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }} title={row[column.name]}>
                    {row[column.name]}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}

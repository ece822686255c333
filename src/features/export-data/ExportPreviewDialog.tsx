/** Preview Data (specification, section 2): the first rows of the export in a modal, as the file will hold them. */
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { EXPORT_FIELDS, EXPORT_LABELS, type ExportPreview, type ExportRow } from '@domain/audience/export';
import { FailureAlert } from '@/ui/FailureAlert';
import { ModalDialog } from '@/ui/ModalDialog';
import { StackedRows } from '@/ui/StackedRows';
import { useCardLayout } from '@/ui/useCardLayout';
import { useExportPreview, type ExportSelection } from './api';
import { EXPORT_TEXT } from './labels';

export interface ExportPreviewDialogProps {
  open: boolean;
  onClose: () => void;
  selection: ExportSelection;
  /** The name the file will be saved under. */
  fileName: string;
}

export function ExportPreviewDialog({ open, onClose, selection, fileName }: ExportPreviewDialogProps) {
  const preview = useExportPreview(selection, open);
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title={EXPORT_LABELS.preview}
      subtitle={preview.data ? `${fileName} · ${EXPORT_TEXT.previewShowing(preview.data.rows.length, preview.data.total)}` : fileName}
      maxWidth="lg"
    >
      {preview.isError ? (
        <FailureAlert title={EXPORT_TEXT.previewFailed} error={preview.error} onRetry={() => void preview.refetch()} />
      ) : preview.data ? (
        <PreviewTable preview={preview.data} />
      ) : (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label="Loading the preview" />
        </Box>
      )}
    </ModalDialog>
  );
}

const shown = (value: ExportRow[keyof ExportRow]) => (value === null || value === undefined || value === '' ? null : String(value));

const missing = (
  <Box component="span" sx={{ color: 'text.disabled' }}>
    —
  </Box>
);

/** The rows as the file holds them: a table with a column per field, or at phone width a card per row. */
function PreviewTable({ preview }: { preview: ExportPreview }) {
  const cards = useCardLayout();
  if (preview.rows.length === 0) return <Typography sx={{ color: 'text.secondary', py: 2 }}>{EXPORT_TEXT.previewEmpty}</Typography>;
  const columns = EXPORT_FIELDS.filter((field) => preview.fields.includes(field.id));
  if (cards) {
    return (
      <StackedRows
        label={EXPORT_LABELS.preview}
        rows={preview.rows.map((row, index) => ({
          id: index,
          name: `Row ${index + 1}`,
          fields: columns.map((field) => ({ label: field.name, value: shown(row[field.id]) ?? missing })),
        }))}
      />
    );
  }
  return (
    // Focusable, so the wide table can be scrolled sideways from the keyboard.
    <TableContainer tabIndex={0} role="region" aria-label="Preview rows" sx={{ maxHeight: 480 }}>
      <Table size="small" stickyHeader aria-label={EXPORT_LABELS.preview}>
        <TableHead>
          <TableRow>
            {columns.map((field) => (
              <TableCell key={field.id} sx={{ whiteSpace: 'nowrap' }}>
                {field.name}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {preview.rows.map((row, index) => (
            // Rows have no id of their own when user_id is not chosen; their place in the file is theirs.
            <TableRow key={index}>
              {columns.map((field) => {
                const value = shown(row[field.id]);
                return (
                  <TableCell key={field.id} align={field.type === 'number' ? 'right' : 'left'} sx={{ whiteSpace: 'nowrap', maxWidth: 320, overflow: 'hidden', textOverflow: 'ellipsis' }}>
                    {value ?? missing}
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { CallComparison, ComparedItem } from '@domain/prediction/contract';
import { ModalDialog } from '@/ui/ModalDialog';
import { FailureAlert } from '@/ui/FailureAlert';
import { ResponsiveTable, type TableColumn } from '@/ui/ResponsiveTable';
import { formatDateTime } from '../format';

export interface CompareDialogProps {
  open: boolean;
  comparison: CallComparison | undefined;
  error: unknown;
  onClose: () => void;
}

const rankText = (rank: number | null) => (rank === null ? '–' : String(rank));

/** "Up 2", "Down 1", "New", "Dropped" or "Same". */
export function movement(item: ComparedItem): string {
  if (item.before === null) return 'New';
  if (item.after === null) return 'Dropped';
  const shift = item.before - item.after;
  return shift > 0 ? `Up ${shift}` : shift < 0 ? `Down ${-shift}` : 'Same';
}

const signalText = ({ movedBy }: ComparedItem) => (movedBy ? `${movedBy.signal} (${movedBy.delta > 0 ? '+' : ''}${movedBy.delta.toFixed(3)})` : '–');

const COLUMNS: TableColumn<ComparedItem>[] = [
  {
    key: 'item',
    label: 'Item',
    cell: (item) => (
      <>
        {item.title}
        <Typography variant="caption" component="span" sx={{ display: 'block', color: 'text.secondary', fontFamily: 'monospace' }}>
          {item.id}
        </Typography>
      </>
    ),
  },
  { key: 'before', label: 'Before', align: 'right', cell: (item) => rankText(item.before) },
  { key: 'after', label: 'After', align: 'right', cell: (item) => rankText(item.after) },
  { key: 'moved', label: 'Moved', noWrap: true, cell: movement },
  { key: 'signal', label: 'Signal that moved it', cell: signalText },
];

/** A logged call ranked again with today's settings: which items moved, and which signal moved them. */
export function CompareDialog({ open, comparison, error, onClose }: CompareDialogProps) {
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title="Compare with the current settings"
      subtitle={comparison ? `Call of ${formatDateTime(comparison.call.createdAt)}: settings v${comparison.call.settingsVersion ?? 0} then, ${comparison.replay.model} now` : undefined}
      actions={<Button onClick={onClose}>Close</Button>}
    >
      {error ? (
        <FailureAlert title="Failed to compare the call" error={error} />
      ) : !comparison ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label="Ranking the call again" />
        </Box>
      ) : comparison.items.every((item) => item.before === item.after) ? (
        <Alert severity="info">The same items in the same order: nothing moved.</Alert>
      ) : (
        <ResponsiveTable label="Items before and after" rows={comparison.items} columns={COLUMNS} rowKey={(item) => item.id} rowName={(item) => item.title} />
      )}
    </ModalDialog>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { CallComparison, ComparedItem } from '@domain/prediction/contract';
import { ModalDialog } from '@/ui/ModalDialog';
import { FailureAlert } from '@/ui/FailureAlert';
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
        <Table size="small" aria-label="Items before and after">
          <TableHead>
            <TableRow>
              <TableCell>Item</TableCell>
              <TableCell align="right">Before</TableCell>
              <TableCell align="right">After</TableCell>
              <TableCell>Moved</TableCell>
              <TableCell>Signal that moved it</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {comparison.items.map((item) => (
              <TableRow key={item.id}>
                <TableCell>
                  {item.title}
                  <Typography variant="caption" component="span" sx={{ display: 'block', color: 'text.secondary', fontFamily: 'monospace' }}>
                    {item.id}
                  </Typography>
                </TableCell>
                <TableCell align="right">{rankText(item.before)}</TableCell>
                <TableCell align="right">{rankText(item.after)}</TableCell>
                <TableCell>{movement(item)}</TableCell>
                <TableCell>{item.movedBy ? `${item.movedBy.signal} (${item.movedBy.delta > 0 ? '+' : ''}${item.movedBy.delta.toFixed(3)})` : '–'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </ModalDialog>
  );
}

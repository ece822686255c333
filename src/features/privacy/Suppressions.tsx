/**
 * The company's suppressed identifiers (masked), with what intake dropped for each, per intake
 * path; removing one is confirmed, as intake then takes the person's data again.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SuppressionView } from '@domain/privacy/contract';
import { withReason } from '@/lib/failure';
import { useNotify } from '@/lib/notifications';
import { ConfirmDialog } from '@/ui/ConfirmDialog';
import { FailureAlert } from '@/ui/FailureAlert';
import { useRemoveSuppression, useSuppressions } from './api';
import { dropText, NO_SUPPRESSIONS } from './labels';
import { Loading, Section, When } from './parts';

export function SuppressionItem({ suppression, onRemove }: { suppression: SuppressionView; onRemove: () => void }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{suppression.hint}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Suppressed <When iso={suppression.createdAt} /> · {dropText(suppression)}
            {suppression.lastDroppedAt && (
              <>
                {' '}
                · last <When iso={suppression.lastDroppedAt} />
              </>
            )}
          </Typography>
          {suppression.droppedBySource.length > 0 && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {suppression.droppedBySource.map(({ source, dropped }) => `${source}: ${dropped}`).join(' · ')}
            </Typography>
          )}
        </Box>
        <Button color="error" size="small" onClick={onRemove} aria-label={`Remove the suppression of ${suppression.hint}`} sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}>
          Remove
        </Button>
      </Stack>
    </Paper>
  );
}

export function Suppressions({ companyId, enabled }: { companyId: string; enabled: boolean }) {
  const notify = useNotify();
  const suppressions = useSuppressions(companyId, enabled);
  const remove = useRemoveSuppression(companyId);
  const [removing, setRemoving] = useState<SuppressionView | null>(null);
  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => {
        notify.success(`${removing.hint} is no longer suppressed`);
        setRemoving(null);
      },
      onError: (error) => notify.error(withReason('Failed to remove the suppression', error)),
    });
  };

  let content;
  if (suppressions.isPending) content = <Loading label="Loading the suppressions" />;
  else if (suppressions.data === undefined)
    content = <FailureAlert title="Failed to load the suppressions" error={suppressions.error} onRetry={() => void suppressions.refetch()} />;
  else if (suppressions.data.length === 0) content = <Typography sx={{ color: 'text.secondary' }}>{NO_SUPPRESSIONS}</Typography>;
  else
    content = (
      <List aria-label="Suppressed identifiers" disablePadding sx={{ display: 'grid', gap: 1 }}>
        {suppressions.data.map((suppression) => (
          <ListItem key={suppression.id} disablePadding sx={{ display: 'block' }}>
            <SuppressionItem suppression={suppression} onRemove={() => setRemoving(suppression)} />
          </ListItem>
        ))}
      </List>
    );

  return (
    <Section title="Suppressions">
      {content}
      <ConfirmDialog
        open={removing !== null}
        title="Remove this suppression?"
        confirmLabel="Remove"
        destructive
        busy={remove.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      >
        {removing && `Intake accepts ${removing.hint} again: files, syncs, events and the survey widget will store this person's data.`}
      </ConfirmDialog>
    </Section>
  );
}

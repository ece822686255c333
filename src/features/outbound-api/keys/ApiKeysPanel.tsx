import { useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ApiKeySummary, CreatedApiKey } from '@domain/prediction/contract';
import { withReason } from '@/lib/failure';
import { useNotify } from '@/lib/notifications';
import { ConfirmDialog } from '@/ui/ConfirmDialog';
import { FailureAlert } from '@/ui/FailureAlert';
import { useApiKeys, useCreateApiKey, useDeleteApiKey, useSetApiKeyActive } from '../api/keys';
import { KEY_LABELS, KEY_MESSAGES_SHOWN } from '../labels';
import { ApiKeysTable } from './ApiKeysTable';
import { CreateApiKeyDialog } from './CreateApiKeyDialog';
import { TokenRevealDialog } from './TokenRevealDialog';

export interface ApiKeysPanelProps {
  companyId: string;
  canManage: boolean;
}

/** The API Keys tab's table and its actions: create (token shown once), pause or activate, delete. */
export function ApiKeysPanel({ companyId, canManage }: ApiKeysPanelProps) {
  const notify = useNotify();
  const keys = useApiKeys(companyId);
  const create = useCreateApiKey(companyId);
  const setActive = useSetApiKeyActive(companyId);
  const remove = useDeleteApiKey(companyId);
  const [creating, setCreating] = useState(false);
  // The token lives here only while its dialog is open, never in the query cache.
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [toDelete, setToDelete] = useState<ApiKeySummary | null>(null);
  const [busyIds, setBusyIds] = useState<string[]>([]);

  const whileBusy = async (key: ApiKeySummary, work: () => Promise<unknown>) => {
    setBusyIds((ids) => [...ids, key.id]);
    try {
      await work();
    } finally {
      setBusyIds((ids) => ids.filter((id) => id !== key.id));
    }
  };

  const toggleActive = (key: ApiKeySummary) =>
    void whileBusy(key, async () => {
      try {
        await setActive.mutateAsync({ key, isActive: !key.isActive });
        notify.success(key.isActive ? KEY_MESSAGES_SHOWN.paused(key.name) : KEY_MESSAGES_SHOWN.activated(key.name));
      } catch (error) {
        notify.error(withReason(`Failed to ${key.isActive ? 'pause' : 'activate'} ${key.name}`, error));
      }
    });

  const confirmDelete = () => {
    const key = toDelete;
    if (!key) return;
    void whileBusy(key, async () => {
      try {
        await remove.mutateAsync(key);
        setToDelete(null);
        notify.success(KEY_MESSAGES_SHOWN.deleted(key.name));
      } catch {
        // The dialog stays open and shows the failure, so the user can try again.
      }
    });
  };

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Typography variant="h6" component="h2">
          API Tokens
        </Typography>
        {canManage && (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => {
              create.reset();
              setCreating(true);
            }}
          >
            {KEY_LABELS.create}
          </Button>
        )}
      </Stack>
      {!canManage && <Alert severity="info">{KEY_MESSAGES_SHOWN.readOnly}</Alert>}
      {keys.isError ? (
        <FailureAlert title="Failed to load API tokens" error={keys.error} onRetry={() => void keys.refetch()} />
      ) : !keys.data ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label="Loading API tokens" />
        </Box>
      ) : keys.data.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography sx={{ color: 'text.secondary' }}>{KEY_MESSAGES_SHOWN.noKeys}</Typography>
        </Paper>
      ) : (
        <ApiKeysTable keys={keys.data} canManage={canManage} busyIds={busyIds} onToggleActive={toggleActive} onDelete={setToDelete} />
      )}

      <CreateApiKeyDialog
        open={creating}
        pending={create.isPending}
        error={create.error}
        onClose={() => setCreating(false)}
        onSubmit={(input) =>
          create.mutate(input, {
            onSuccess: (answer) => {
              setCreating(false);
              // The token dialog is the confirmation: a notice now would queue ahead of "copied".
              setCreated(answer);
            },
          })
        }
      />
      <TokenRevealDialog created={created} onClose={() => setCreated(null)} />
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete API Token"
        confirmLabel={KEY_LABELS.delete}
        destructive
        busy={toDelete !== null && busyIds.includes(toDelete.id)}
        error={remove.isError && toDelete ? <FailureAlert title={`Failed to delete ${toDelete.name}`} error={remove.error} /> : undefined}
        onConfirm={confirmDelete}
        onCancel={() => {
          remove.reset();
          setToDelete(null);
        }}
      >
        {toDelete ? KEY_MESSAGES_SHOWN.deleteQuestion(toDelete.name) : ''}
      </ConfirmDialog>
    </Stack>
  );
}

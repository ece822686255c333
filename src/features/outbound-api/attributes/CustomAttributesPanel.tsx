import { useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CustomAttribute } from '@domain/prediction/contract';
import { useNotify } from '@/lib/notifications';
import { ConfirmDialog } from '@/ui/ConfirmDialog';
import { FailureAlert } from '@/ui/FailureAlert';
import { useAddCustomAttribute, useCustomAttributes, useDeleteCustomAttribute, useUpdateCustomAttribute, type CustomAttributeInput } from '../api/attributes';
import { ATTRIBUTE_LABELS } from '../labels';
import { CustomAttributeDialog } from './CustomAttributeDialog';
import { CustomAttributesTable } from './CustomAttributesTable';

export const ATTRIBUTES_INTRO =
  'Attributes your calls may send in custom_attributes. Predict checks each value against its type and boosts items whose field of the same name matches it.';

/** The Custom Attributes tab: the table, Add Custom Attribute / Edit Attribute, and delete. */
export function CustomAttributesPanel({ companyId, canManage }: { companyId: string; canManage: boolean }) {
  const notify = useNotify();
  const attributes = useCustomAttributes(companyId);
  const add = useAddCustomAttribute(companyId);
  const update = useUpdateCustomAttribute(companyId);
  const remove = useDeleteCustomAttribute(companyId);
  const [editing, setEditing] = useState<{ attribute: CustomAttribute | null } | null>(null);
  const [toDelete, setToDelete] = useState<CustomAttribute | null>(null);
  const save = editing?.attribute ? update : add;

  const open = (attribute: CustomAttribute | null) => {
    add.reset();
    update.reset();
    setEditing({ attribute });
  };

  const submit = (input: CustomAttributeInput) => {
    const done = () => {
      setEditing(null);
      notify.success(editing?.attribute ? `${input.name} updated.` : `${input.name} added.`);
    };
    if (editing?.attribute) update.mutate({ id: editing.attribute.id, input }, { onSuccess: done });
    else add.mutate(input, { onSuccess: done });
  };

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Box>
          <Typography variant="h6" component="h2">
            Custom Attributes
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {ATTRIBUTES_INTRO}
          </Typography>
        </Box>
        {canManage && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => open(null)} sx={{ flexShrink: 0 }}>
            {ATTRIBUTE_LABELS.add}
          </Button>
        )}
      </Stack>
      {attributes.isError ? (
        <FailureAlert title="Failed to load custom attributes" error={attributes.error} onRetry={() => void attributes.refetch()} />
      ) : !attributes.data ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label="Loading custom attributes" />
        </Box>
      ) : attributes.data.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography sx={{ color: 'text.secondary' }}>{ATTRIBUTE_LABELS.empty}</Typography>
        </Paper>
      ) : (
        <CustomAttributesTable attributes={attributes.data} canManage={canManage} onEdit={open} onDelete={setToDelete} />
      )}

      <CustomAttributeDialog
        open={editing !== null}
        attribute={editing?.attribute}
        pending={save.isPending}
        error={save.error}
        onSubmit={submit}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title={ATTRIBUTE_LABELS.deleteTitle}
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        error={remove.isError && toDelete ? <FailureAlert title={`Failed to delete ${toDelete.name}`} error={remove.error} /> : undefined}
        onConfirm={() =>
          toDelete &&
          remove.mutate(toDelete, {
            onSuccess: () => {
              notify.success(`${toDelete.name} deleted.`);
              setToDelete(null);
            },
          })
        }
        onCancel={() => {
          remove.reset();
          setToDelete(null);
        }}
      >
        {toDelete ? ATTRIBUTE_LABELS.deleteQuestion(toDelete.name) : ''}
      </ConfirmDialog>
    </Stack>
  );
}

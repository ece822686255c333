import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { CUSTOM_ATTRIBUTE_TYPES, type CustomAttribute, type CustomAttributeType } from '@domain/prediction/contract';
import { customAttributeSchema } from '@domain/prediction/keySchemas';
import { FailureAlert } from '@/ui/FailureAlert';
import { FormTextField } from '@/ui/FormTextField';
import { optionsOf } from '@/ui/SelectField';
import type { CustomAttributeInput } from '../api/attributes';
import { ATTRIBUTE_LABELS } from '../labels';

export interface CustomAttributeDialogProps {
  open: boolean;
  /** The attribute being edited; absent when adding one. */
  attribute?: CustomAttribute | null;
  pending: boolean;
  error?: unknown;
  onSubmit: (input: CustomAttributeInput) => void;
  onClose: () => void;
}

/** 'Add Custom Attribute' or 'Edit Attribute': a name (not blank once trimmed) and one of five types. */
export function CustomAttributeDialog({ open, attribute, ...props }: CustomAttributeDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={props.pending ? undefined : props.onClose} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      <CustomAttributeForm key={attribute?.id ?? 'new'} titleId={titleId} attribute={attribute ?? null} {...props} />
    </Dialog>
  );
}

interface FormValues {
  name: string;
  type: CustomAttributeType;
}

function CustomAttributeForm({
  titleId,
  attribute,
  pending,
  error,
  onSubmit,
  onClose,
}: Omit<CustomAttributeDialogProps, 'open' | 'attribute'> & { titleId: string; attribute: CustomAttribute | null }) {
  const { control, handleSubmit } = useForm<FormValues>({
    resolver: yupResolver(customAttributeSchema.pick(['name', 'type'])) as never,
    defaultValues: attribute ? { name: attribute.name, type: attribute.type } : { name: '', type: 'string' },
  });
  const name = useWatch({ control, name: 'name' });
  const editing = attribute !== null;

  return (
    <Stack component="form" noValidate onSubmit={handleSubmit((values) => onSubmit({ name: values.name.trim(), type: values.type }))}>
      <DialogTitle id={titleId}>{editing ? ATTRIBUTE_LABELS.edit : ATTRIBUTE_LABELS.add}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <FormTextField
            control={control}
            name="name"
            label="Name"
            required
            fullWidth
            autoFocus
            disabled={pending}
            helperText="Letters, digits and underscores, e.g. loyalty_tier"
          />
          <FormTextField control={control} name="type" label="Type" options={optionsOf(CUSTOM_ATTRIBUTE_TYPES)} required fullWidth disabled={pending} />
          {Boolean(error) && <FailureAlert title={editing ? 'Failed to update the attribute' : 'Failed to add the attribute'} error={error} />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={pending || name.trim() === ''}>
          {editing ? ATTRIBUTE_LABELS.updateButton : ATTRIBUTE_LABELS.addButton}
        </Button>
      </DialogActions>
    </Stack>
  );
}

import { Controller, useForm, useWatch } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { customFieldSchema, FIELD_MAPPING_LABELS, FIELD_TYPE_LABELS, FIELD_TYPES, type CustomFieldInput, type MappedField } from '@domain/data/fields';
import { DATA_SOURCE_MESSAGES } from '@domain/data/sources';
import { useNotify } from '@/lib/notifications';
import { FormActions } from '@/ui/FormActions';
import { FormTextField } from '@/ui/FormTextField';
import { optionsOf } from '@/ui/SelectField';
import { fieldErrorsOf } from '../api';
import { useAddCustomField } from './api';
import { UnifiedFieldSelect } from './UnifiedFieldSelect';
import { unifiedOptionGroups } from './unifiedOptions';

export interface CustomFieldFormProps {
  /** The company in view for a global admin; null for everyone else. */
  companyId: string | null;
  onAdded?: (field: MappedField) => void;
  onCancel: () => void;
}

const BLANK: CustomFieldInput = { name: '', description: '', type: 'dimension', unifiedField: null };

/** Add Custom Field: name and description are required (non-blank once trimmed); Add stays disabled until both are given. */
export function CustomFieldForm({ companyId, onAdded, onCancel }: CustomFieldFormProps) {
  const notify = useNotify();
  const add = useAddCustomField();
  const { control, handleSubmit, reset, setError } = useForm<CustomFieldInput>({
    resolver: yupResolver(customFieldSchema),
    defaultValues: BLANK,
  });
  const [name, description] = useWatch({ control, name: ['name', 'description'] });
  const incomplete = !name?.trim() || !description?.trim();
  // Every field of the unified model: a custom field belongs to no source, so no kind narrows it.
  const groups = unifiedOptionGroups([]);

  const submit = handleSubmit((input) => {
    const trimmed = { ...input, name: input.name.trim(), description: input.description.trim(), companyId };
    add.mutate(trimmed, {
      onSuccess: (field) => {
        notify.success(DATA_SOURCE_MESSAGES.customFieldAdded(field.name));
        reset(BLANK);
        add.reset();
        onAdded?.(field);
      },
      onError: (error) => {
        const fieldErrors = fieldErrorsOf(error);
        if (fieldErrors.name) setError('name', { message: fieldErrors.name });
      },
    });
  });

  const cancel = () => {
    reset(BLANK);
    add.reset();
    onCancel();
  };

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit} aria-label={FIELD_MAPPING_LABELS.addCustomField}>
      <Typography variant="subtitle1" component="h3">
        {FIELD_MAPPING_LABELS.addCustomField}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField control={control} name="name" label="Name" required fullWidth autoComplete="off" />
        <FormTextField control={control} name="type" label="Type" options={optionsOf(FIELD_TYPES, FIELD_TYPE_LABELS)} sx={{ minWidth: 160 }} />
      </Stack>
      <FormTextField control={control} name="description" label="Description" required fullWidth multiline minRows={2} />
      <Controller
        control={control}
        name="unifiedField"
        render={({ field }) => (
          <UnifiedFieldSelect
            label="Unified field of the custom field (optional)"
            emptyLabel="Not mapped (optional)"
            value={field.value ?? ''}
            groups={groups}
            onChange={(value) => field.onChange(value || null)}
          />
        )}
      />
      <FormActions
        failureTitle="Failed to add custom field"
        failure={add.error}
        submitLabel="Add"
        pending={add.isPending}
        submitDisabled={incomplete}
        onCancel={cancel}
      />
    </Stack>
  );
}

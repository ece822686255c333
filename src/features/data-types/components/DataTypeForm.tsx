import { useForm } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  BLANK_DATA_TYPE,
  DATA_TYPE_KINDS,
  DATA_TYPE_KIND_LABELS,
  dataTypeSchema,
  type DataType,
  type DataTypeInput,
} from '@domain/dataTypes/dataTypes';
import { FormTextField } from '@/ui/FormTextField';
import { optionsOf } from '@/ui/SelectField';
import type { DataTypeFields } from '../api';

export interface DataTypeFormProps {
  /** The type being edited; absent when creating one. */
  dataType?: DataType;
  /** Where a new type is filed, in words ("Global: every company sees it"); not shown when editing. */
  destination?: string;
  /** True while the save runs: the fields and buttons are disabled. */
  pending: boolean;
  onSubmit: (values: DataTypeFields) => void;
  onCancel: () => void;
}

function initialValues(dataType: DataType | undefined): DataTypeInput {
  if (!dataType) return { ...BLANK_DATA_TYPE };
  return { name: dataType.name, dataFieldName: dataType.dataFieldName, type: dataType.type, description: dataType.description ?? '' };
}

/**
 * Create and edit share this form. It is mounted afresh for each opening (the page keys it), so
 * Cancel or a successful save leaves nothing behind: the next opening starts blank, type static.
 */
export function DataTypeForm({ dataType, destination, pending, onSubmit, onCancel }: DataTypeFormProps) {
  const { control, handleSubmit } = useForm<DataTypeInput>({
    resolver: yupResolver(dataTypeSchema),
    defaultValues: initialValues(dataType),
  });
  const shared = { control, disabled: pending, fullWidth: true };

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      aria-label={dataType ? `Edit ${dataType.name}` : 'Create a data type'}
      onSubmit={handleSubmit((values) =>
        onSubmit({ name: values.name, dataFieldName: values.dataFieldName, type: values.type, description: values.description ?? '' }),
      )}
    >
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField {...shared} name="name" label="Name" required />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField {...shared} name="dataFieldName" label="Data Field Name" required placeholder="e.g. favourite_colour" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField {...shared} name="type" label="Type" required options={optionsOf(DATA_TYPE_KINDS, DATA_TYPE_KIND_LABELS)} />
        </Grid>
        <Grid size={12}>
          <FormTextField {...shared} name="description" label="Description" multiline minRows={2} />
        </Grid>
      </Grid>
      {!dataType && destination && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {destination}
        </Typography>
      )}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={pending}>
          {dataType ? 'Save Changes' : 'Create Data Type'}
        </Button>
      </Stack>
    </Stack>
  );
}

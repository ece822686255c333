import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import { API_KEY_SCOPES, DEFAULT_API_KEY_SCOPES, type ApiKeyScope } from '@domain/apiKeys';
import { createApiKeySchema, KEY_MESSAGES } from '@domain/prediction/keySchemas';
import { FailureAlert } from '@/ui/FailureAlert';
import { FormTextField } from '@/ui/FormTextField';
import type { NewApiKeyInput } from '../api/keys';
import { KEY_LABELS } from '../labels';

const PERMISSION_HINTS: Record<ApiKeyScope, string> = {
  read: 'read: recommendations (POST /v1/predict)',
  write: 'write: send events and items (POST /v1/events, PUT /v1/items)',
  admin: 'admin: everything, and this token’s own usage (GET /v1/usage)',
};

export interface CreateApiKeyDialogProps {
  open: boolean;
  pending: boolean;
  /** Why the last attempt failed, shown above the buttons. */
  error?: unknown;
  onSubmit: (input: NewApiKeyInput) => void;
  onClose: () => void;
}

/** Create API Token: a name, a description and the permissions (read and write unless changed). */
export function CreateApiKeyDialog({ open, pending, error, onSubmit, onClose }: CreateApiKeyDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={pending ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      {/* Unmounted once closed: every new token starts from a blank form. */}
      <CreateApiKeyForm titleId={titleId} pending={pending} error={error} onSubmit={onSubmit} onClose={onClose} />
    </Dialog>
  );
}

interface FormValues {
  name: string;
  description: string | null;
  permissions: ApiKeyScope[];
}

function CreateApiKeyForm({ titleId, pending, error, onSubmit, onClose }: Omit<CreateApiKeyDialogProps, 'open'> & { titleId: string }) {
  const { control, handleSubmit } = useForm<FormValues>({
    resolver: yupResolver(createApiKeySchema.pick(['name', 'description', 'permissions'])) as never,
    defaultValues: { name: '', description: '', permissions: [...DEFAULT_API_KEY_SCOPES] },
  });
  const [name, permissions] = useWatch({ control, name: ['name', 'permissions'] });
  // The specification's rule, checked as the user types: a name that is not blank and a permission.
  const complete = name.trim() !== '' && permissions.length > 0;
  const permissionsLabelId = useId();

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={handleSubmit((values) =>
        onSubmit({ name: values.name.trim(), description: values.description?.trim() ?? '', permissions: values.permissions }),
      )}
    >
      <DialogTitle id={titleId}>{KEY_LABELS.create}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <FormTextField control={control} name="name" label="Name" required fullWidth disabled={pending} autoFocus />
          <FormTextField control={control} name="description" label="Description" fullWidth multiline minRows={2} disabled={pending} />
          <Controller
            control={control}
            name="permissions"
            render={({ field, fieldState }) => (
              <FormControl component="fieldset" error={Boolean(fieldState.error) || permissions.length === 0} disabled={pending}>
                <FormLabel component="legend" id={permissionsLabelId}>
                  Permissions
                </FormLabel>
                <FormGroup aria-labelledby={permissionsLabelId}>
                  {API_KEY_SCOPES.map((scope) => (
                    <FormControlLabel
                      key={scope}
                      label={PERMISSION_HINTS[scope]}
                      control={
                        <Checkbox
                          name={scope}
                          checked={field.value.includes(scope)}
                          onChange={(_event, checked) =>
                            field.onChange(checked ? API_KEY_SCOPES.filter((each) => each === scope || field.value.includes(each)) : field.value.filter((each) => each !== scope))
                          }
                        />
                      }
                    />
                  ))}
                </FormGroup>
                {(fieldState.error || permissions.length === 0) && <FormHelperText>{KEY_MESSAGES.permissionRequired}</FormHelperText>}
              </FormControl>
            )}
          />
          {Boolean(error) && <FailureAlert title="Failed to create the API token" error={error} />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={pending || !complete}>
          {pending ? 'Creating...' : KEY_LABELS.create}
        </Button>
      </DialogActions>
    </Stack>
  );
}

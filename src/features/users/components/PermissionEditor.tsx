import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PERMISSIONS, PERMISSION_LABELS, type Permission } from '@domain/auth/roles';
import { userPermissionsSchema } from '@domain/auth/schemas';
import type { ManagedUser } from '@domain/auth/types';
import { useNotify } from '@/lib/notifications';
import { FormActions } from '@/ui/FormActions';
import { useUpdatePermissions } from '../api';
import { permissionsForRole, roleOptions, type RoleAssigner } from '../roleOptions';
import { RoleSelect } from './RoleSelect';

export interface PermissionEditorProps {
  user: ManagedUser;
  assigner: RoleAssigner;
  onSaved: () => void;
  onCancel: () => void;
}

export function PermissionEditor({ user, assigner, onSaved, onCancel }: PermissionEditorProps) {
  const headingId = useId();
  const notify = useNotify();
  const update = useUpdatePermissions();
  const { control, handleSubmit, setValue } = useForm({
    resolver: yupResolver(userPermissionsSchema),
    defaultValues: { role: user.role, permissions: [...user.permissions] },
  });
  const role = useWatch({ control, name: 'role' });
  const options = roleOptions(assigner, user.role);

  const submit = handleSubmit((values) =>
    update.mutate(
      { id: user.id, role: values.role, permissions: values.permissions },
      {
        onSuccess: () => {
          notify.success(`Permissions updated for ${user.name}`);
          onSaved();
        },
      },
    ),
  );

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h3">
        Edit permissions of {user.name} ({user.email})
      </Typography>
      <Controller
        name="role"
        control={control}
        render={({ field }) => (
          <RoleSelect
            name={field.name}
            inputRef={field.ref}
            value={field.value}
            options={options}
            onBlur={field.onBlur}
            onChange={(next) => {
              field.onChange(next);
              setValue('permissions', permissionsForRole(next), { shouldDirty: true });
            }}
          />
        )}
      />
      <Controller
        name="permissions"
        control={control}
        render={({ field }) => {
          const granted = new Set(field.value);
          const toggle = (permission: Permission, checked: boolean) =>
            field.onChange(checked ? [...field.value, permission] : field.value.filter((entry) => entry !== permission));
          return (
            <Stack component="fieldset" spacing={1} sx={{ border: 0, p: 0, m: 0 }}>
              <FormLabel component="legend">Permissions</FormLabel>
              {role === 'admin' && (
                <Alert severity="info">A Global Admin holds every permission, whatever is ticked.</Alert>
              )}
              <FormGroup>
                <Grid container columnSpacing={2}>
                  {PERMISSIONS.map((permission) => (
                    <Grid key={permission} size={{ xs: 12, sm: 6, md: 4 }}>
                      <FormControlLabel
                        control={
                          <Checkbox
                            checked={granted.has(permission)}
                            onChange={(_event, checked) => toggle(permission, checked)}
                            disabled={role === 'admin'}
                          />
                        }
                        label={
                          <span>
                            {PERMISSION_LABELS[permission]}
                            <Typography component="span" variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
                              {permission}
                            </Typography>
                          </span>
                        }
                      />
                    </Grid>
                  ))}
                </Grid>
              </FormGroup>
            </Stack>
          );
        }}
      />
      <FormActions
        failureTitle="Failed to update permissions"
        failure={update.error}
        submitLabel="Save Permissions"
        pending={update.isPending}
        onCancel={onCancel}
      />
    </Stack>
  );
}

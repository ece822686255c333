import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import * as yup from 'yup';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { inviteSchema, MESSAGES, type InviteInput } from '@domain/auth/schemas';
import type { Company, InviteResponse } from '@domain/auth/types';
import { FailureAlert } from '@/ui/FailureAlert';
import { FormTextField } from '@/ui/FormTextField';
import { useInviteUser } from '../api';
import { roleOptions, type RoleAssigner } from '../roleOptions';

/** A global admin viewing all companies must say which company the invitee joins. */
const inviteWithCompanySchema = inviteSchema.shape({
  companyId: yup
    .string()
    .nullable()
    .test('company-required', MESSAGES.companyRequired, (value) => Boolean(value)),
});

export interface InviteUserFormProps {
  assigner: RoleAssigner;
  /**
   * The companies to choose from (a global admin viewing all companies), or a single company id
   * the invitee joins (the filtered or the admin's own company).
   */
  company: { choices: Company[] } | { id: string };
  onInvited: (answer: InviteResponse) => void;
  onCancel: () => void;
}

export function InviteUserForm({ assigner, company, onInvited, onCancel }: InviteUserFormProps) {
  const invite = useInviteUser();
  const choices = 'choices' in company ? company.choices : null;
  const schema = choices ? inviteWithCompanySchema : inviteSchema;
  const { control, handleSubmit, setValue, getValues, reset } = useForm<InviteInput>({
    resolver: yupResolver(schema),
    defaultValues: { email: '', name: '', role: 'user', companyId: '' },
  });
  const roles = useMemo(() => roleOptions(assigner).filter((option) => !option.disabled), [assigner]);
  const internalCompanyId = choices?.find((entry) => entry.isInternal)?.id;

  const submit = handleSubmit((values) =>
    invite.mutate(
      { ...values, companyId: choices ? values.companyId : (company as { id: string }).id },
      {
        onSuccess: (answer) => {
          reset();
          onInvited(answer);
        },
      },
    ),
  );

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-label="Invite a user">
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="email" label="Email" type="email" autoComplete="off" required fullWidth />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="name" label="Full Name" autoComplete="off" required fullWidth />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            name="role"
            control={control}
            render={({ field }) => (
              <TextField
                select
                label="Role"
                fullWidth
                name={field.name}
                inputRef={field.ref}
                value={field.value}
                onBlur={field.onBlur}
                onChange={(event) => {
                  field.onChange(event.target.value);
                  // A global admin normally belongs to the internal company: offer it.
                  if (event.target.value === 'admin' && internalCompanyId && !getValues('companyId')) {
                    setValue('companyId', internalCompanyId, { shouldValidate: true });
                  }
                }}
              >
                {roles.map((option) => (
                  <MenuItem key={option.value} value={option.value}>
                    {option.label}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Grid>
        {choices && (
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField control={control} name="companyId" label="Company" select required fullWidth>
              {choices.map((entry) => (
                <MenuItem key={entry.id} value={entry.id}>
                  {entry.name}
                </MenuItem>
              ))}
            </FormTextField>
          </Grid>
        )}
      </Grid>
      {invite.isError && <FailureAlert title="Failed to send invitation" error={invite.error} />}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onCancel} disabled={invite.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={invite.isPending}>
          {invite.isPending ? 'Sending...' : 'Send Invitation'}
        </Button>
      </Stack>
    </Stack>
  );
}

import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import * as yup from 'yup';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { inviteSchema, MESSAGES, type InviteInput } from '@domain/auth/schemas';
import type { Company, InviteResponse } from '@domain/auth/types';
import { FormActions } from '@/ui/FormActions';
import { FormTextField } from '@/ui/FormTextField';
import { useInviteUser } from '../api';
import { roleOptions, type RoleAssigner } from '../roleOptions';
import { RoleSelect } from './RoleSelect';

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
              <RoleSelect
                fullWidth
                name={field.name}
                inputRef={field.ref}
                value={field.value}
                options={roles}
                onBlur={field.onBlur}
                onChange={(role) => {
                  field.onChange(role);
                  // A global admin normally belongs to the internal company: offer it.
                  if (role === 'admin' && internalCompanyId && !getValues('companyId')) {
                    setValue('companyId', internalCompanyId, { shouldValidate: true });
                  }
                }}
              />
            )}
          />
        </Grid>
        {choices && (
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField
              control={control}
              name="companyId"
              label="Company"
              options={choices.map((entry) => ({ value: entry.id, label: entry.name }))}
              required
              fullWidth
            />
          </Grid>
        )}
      </Grid>
      <FormActions
        failureTitle="Failed to send invitation"
        failure={invite.error}
        submitLabel={invite.isPending ? 'Sending...' : 'Send Invitation'}
        pending={invite.isPending}
        onCancel={onCancel}
      />
    </Stack>
  );
}

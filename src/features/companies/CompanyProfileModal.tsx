/** Company Profile (specification, section 2): the current or filtered company's details and logo. */
import { useForm, useWatch } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { companySchema, type CompanyInput } from '@domain/auth/schemas';
import type { Company } from '@domain/auth/types';
import { useSaveCompanyProfile } from '@/lib/accounts';
import { PROFILE_IMAGE_LIMIT } from '@/lib/imageValidation';
import { useSession } from '@/lib/session';
import { useCloseAfterSuccess } from '@/lib/useCloseAfterSuccess';
import { useTargetCompany } from '@/lib/useTargetCompany';
import { CompanyLogoUpload } from '@/ui/CompanyLogoUpload';
import { FailureAlert } from '@/ui/FailureAlert';
import { ModalDialog, type ModalProps } from '@/ui/ModalDialog';
import { COMPANY_SIZE_OPTIONS, companyFormValues, companyPayload, retentionFormValues } from './companyForm';
import { CompanyFields } from './components/CompanyFields';
import { RetentionFields } from './components/RetentionFields';

const FORM_ID = 'company-profile-form';

export default function CompanyProfileModal({ open, onClose }: ModalProps) {
  const target = useTargetCompany();
  return (
    <ModalDialog open={open} onClose={onClose} title="Company Profile" subtitle={target.company?.name} maxWidth="md">
      {target.company ? (
        <CompanyProfileForm company={target.company} isOwn={target.isOwn} onClose={onClose} />
      ) : target.error ? (
        <FailureAlert title="Failed to load the company" error={target.error} />
      ) : (
        <Stack sx={{ alignItems: 'center', py: 4 }}>
          <CircularProgress aria-label="Loading the company" />
        </Stack>
      )}
    </ModalDialog>
  );
}

interface CompanyProfileFormProps {
  company: Company;
  isOwn: boolean;
  onClose: () => void;
}

function CompanyProfileForm({ company, isOwn, onClose }: CompanyProfileFormProps) {
  const { updateCompany } = useSession();
  const save = useSaveCompanyProfile();
  const [saved, markSaved] = useCloseAfterSuccess(onClose);
  // The management schema: name and domain required, every other detail optional. The status
  // field is not shown here and keeps the company's value.
  const { control, handleSubmit } = useForm<CompanyInput>({
    resolver: yupResolver(companySchema),
    defaultValues: { ...companyFormValues(company, 'employees'), retention: retentionFormValues(company) },
  });
  const [name, domain] = useWatch({ control, name: ['name', 'domain'] });
  const missingRequired = !name?.trim() || !domain?.trim();

  const submit = handleSubmit((values) => {
    const { status: _status, ...details } = companyPayload(values);
    save.mutate(
      { companyId: company.id, ...details, retention: values.retention },
      {
        onSuccess: (answer) => {
          if (isOwn) updateCompany(answer ?? details);
          markSaved();
        },
      },
    );
  });

  return (
    <Stack spacing={3}>
      <Stack spacing={1.5}>
        <Typography variant="subtitle1" component="h3">
          Logo
        </Typography>
        <CompanyLogoUpload company={company} isOwn={isOwn} limit={PROFILE_IMAGE_LIMIT} />
      </Stack>
      <Divider />
      <form id={FORM_ID} noValidate onSubmit={submit} aria-label="Company details">
        <Stack spacing={3}>
          <CompanyFields control={control} sizeOptions={COMPANY_SIZE_OPTIONS.employees} disabled={saved} />
          <Divider />
          <RetentionFields control={control} disabled={saved} />
        </Stack>
      </form>
      {save.isError && <FailureAlert title="Failed to update company profile" error={save.error} />}
      {saved && <Alert severity="success">Company profile updated successfully!</Alert>}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" form={FORM_ID} variant="contained" disabled={missingRequired || save.isPending || saved}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
      </Stack>
    </Stack>
  );
}

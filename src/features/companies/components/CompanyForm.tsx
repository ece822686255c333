import { useForm, useWatch } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { companySchema, type CompanyInput } from '@domain/auth/schemas';
import type { Company } from '@domain/auth/types';
import { FailureAlert } from '@/ui/FailureAlert';
import { COMPANY_SIZE_OPTIONS, companyFormValues, companyPayload } from '../companyForm';
import { CompanyFields } from './CompanyFields';

export interface CompanyFormProps {
  /** The company being edited; absent when adding one. */
  company?: Company;
  onSubmit: (values: CompanyInput) => void;
  onCancel: () => void;
  submitting: boolean;
  /** The failed save, shown under the fields. */
  error?: unknown;
}

/** Add and edit of Company Management share this form (bare company-size ranges, status). */
export function CompanyForm({ company, onSubmit, onCancel, submitting, error }: CompanyFormProps) {
  const { control, handleSubmit } = useForm<CompanyInput>({
    resolver: yupResolver(companySchema),
    defaultValues: companyFormValues(company, 'bare'),
  });
  const [name, domain] = useWatch({ control, name: ['name', 'domain'] });
  const missingRequired = !name?.trim() || !domain?.trim();
  const verb = company ? 'update' : 'create';

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      aria-label={company ? `Edit ${company.name}` : 'Add a company'}
      onSubmit={handleSubmit((values) => onSubmit(companyPayload(values)))}
    >
      <CompanyFields control={control} sizeOptions={COMPANY_SIZE_OPTIONS.bare} showStatus disabled={submitting} />
      {Boolean(error) && <FailureAlert title={`Failed to ${verb} company`} error={error} />}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onCancel} disabled={submitting}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={missingRequired || submitting}>
          {company ? 'Save Changes' : 'Add Company'}
        </Button>
      </Stack>
    </Stack>
  );
}

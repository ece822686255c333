import { useForm, useWatch } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import Stack from '@mui/material/Stack';
import { companySchema, type CompanyInput } from '@domain/auth/schemas';
import type { Company } from '@domain/auth/types';
import { FormActions } from '@/ui/FormActions';
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
      <FormActions
        failureTitle={`Failed to ${verb} company`}
        failure={error}
        submitLabel={company ? 'Save Changes' : 'Add Company'}
        pending={submitting}
        submitDisabled={missingRequired}
        onCancel={onCancel}
      />
    </Stack>
  );
}

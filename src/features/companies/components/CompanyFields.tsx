import { useWatch, type Control } from 'react-hook-form';
import Grid from '@mui/material/Grid';
import type { CompanyInput } from '@domain/auth/schemas';
import { COMPANY_STATUSES, COMPANY_STATUS_LABELS, INDUSTRIES, TARGET_AUDIENCES } from '@domain/company/options';
import { FormTextField, type FormTextFieldProps } from '@/ui/FormTextField';
import { optionsOf, type SelectOption } from '@/ui/SelectField';

export interface CompanyFieldsProps {
  control: Control<CompanyInput>;
  /**
   * The company-size choices: bare ranges in Company Management, ranges with "employees" in the
   * Company Profile (specification, section 9).
   */
  sizeOptions: readonly string[];
  /** Company Management sets the status; the profile does not. */
  showStatus?: boolean;
  disabled?: boolean;
}

/** The inputs of a company, shared by the Company Management form and the Company Profile modal. */
export function CompanyFields({ control, sizeOptions, showStatus = false, disabled = false }: CompanyFieldsProps) {
  const shared = { control, disabled };
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 6 }}>
        <CompanyField {...shared} name="name" label="Company Name" required />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <CompanyField {...shared} name="domain" label="Domain" required placeholder="example.com" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <CompanyField {...shared} name="industry" label="Industry" choices={INDUSTRIES} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <CompanyField {...shared} name="companySize" label="Company Size" choices={sizeOptions} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <CompanyField {...shared} name="website" label="Website" type="url" placeholder="https://example.com" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <CompanyField {...shared} name="phone" label="Phone" type="tel" />
      </Grid>
      <Grid size={12}>
        <CompanyField {...shared} name="address" label="Address" />
      </Grid>
      <Grid size={12}>
        <CompanyField {...shared} name="description" label="Description" multiline minRows={3} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <CompanyField {...shared} name="targetAudience" label="Target Audience" choices={TARGET_AUDIENCES} />
      </Grid>
      {showStatus && (
        <Grid size={{ xs: 12, sm: 6 }}>
          <CompanyStatusField {...shared} />
        </Grid>
      )}
    </Grid>
  );
}

type CompanyFieldProps = Omit<FormTextFieldProps<CompanyInput>, 'name' | 'options'> & {
  name: Exclude<keyof CompanyInput, 'status' | 'retention'>;
  /** Makes the field a select of these values, with an empty "Not specified" choice first. */
  choices?: readonly string[];
};

const NOT_SPECIFIED: SelectOption = { value: '', label: <em>Not specified</em> };

function CompanyField({ choices, ...props }: CompanyFieldProps) {
  const stored = useWatch({ control: props.control, name: props.name });
  return <FormTextField {...props} options={choices && [NOT_SPECIFIED, ...optionsOf(withStoredValue(choices, stored))]} fullWidth />;
}

/** Keeps a stored value that is not one of the choices selectable, so saving never loses it. */
function withStoredValue(choices: readonly string[], stored: string | null | undefined): readonly string[] {
  return stored && !choices.includes(stored) ? [...choices, stored] : choices;
}

function CompanyStatusField({ control, disabled }: { control: Control<CompanyInput>; disabled: boolean }) {
  return (
    <FormTextField control={control} name="status" label="Status" options={optionsOf(COMPANY_STATUSES, COMPANY_STATUS_LABELS)} fullWidth disabled={disabled} />
  );
}

import { useState } from 'react';
import { useForm, type Control, type FieldPath } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router-dom';
import { yupResolver } from '@hookform/resolvers/yup';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { companyProfileSchema, type CompanyProfileInput } from '@domain/auth/schemas';
import type { Company } from '@domain/auth/types';
import { COMPANY_SIZES_WITH_EMPLOYEES, INDUSTRIES, TARGET_AUDIENCES } from '@domain/company/options';
import { sizeInStyle } from '@domain/company/size';
import { useSaveCompanyProfile } from '@/lib/accounts';
import { ApiError } from '@/lib/apiClient';
import { useSession } from '@/lib/session';
import { BarePage } from '@/ui/BarePage';
import { FormTextField } from '@/ui/FormTextField';
import { optionsOf, type SelectOption } from '@/ui/SelectField';

export const SAVE_FAILED = 'Failed to save company profile. Please try again.';
export const UNEXPECTED_FAILURE = 'An error occurred. Please try again.';

type ProfileValues = CompanyProfileInput;

export const WIZARD_STEPS: readonly { title: string; fields: FieldPath<ProfileValues>[] }[] = [
  { title: 'Basic Information', fields: ['industry', 'companySize'] },
  { title: 'Contact Details', fields: ['website', 'phone', 'address'] },
  { title: 'Business Focus', fields: ['description', 'targetAudience'] },
];

/** The company's id is not a field: the session names the company, and the payload carries it. */
function initialValues(company: Company): ProfileValues {
  return {
    industry: company.industry ?? '',
    companySize: sizeInStyle(company.companySize, 'employees'),
    website: company.website ?? '',
    phone: company.phone ?? '',
    address: company.address ?? '',
    description: company.description ?? '',
    targetAudience: company.targetAudience ?? '',
  };
}

/** Every field is optional: an empty one is sent as null rather than as an empty string. */
function payload(companyId: string, values: ProfileValues): CompanyProfileInput {
  const orNull = (value: string | null | undefined) => value?.trim() || null;
  return {
    companyId,
    industry: orNull(values.industry),
    companySize: orNull(values.companySize),
    website: orNull(values.website),
    phone: orNull(values.phone),
    address: orNull(values.address),
    description: orNull(values.description),
    targetAudience: orNull(values.targetAudience),
  };
}

export interface CompanyProfileWizardPageProps {
  /** The step to open on (0-based); stories use it to show each step. */
  initialStep?: number;
}

/** /company-profile: right after registration, three optional steps describing the new company. */
export function CompanyProfileWizardPage({ initialStep = 0 }: CompanyProfileWizardPageProps) {
  const navigate = useNavigate();
  const { session, updateCompany } = useSession();
  const save = useSaveCompanyProfile();
  const [step, setStep] = useState(initialStep);
  const [error, setError] = useState<string | null>(null);
  const { control, handleSubmit, trigger } = useForm<ProfileValues>({
    // The same schema as the Company Profile modal and the server; every field optional.
    resolver: yupResolver(companyProfileSchema),
    defaultValues: session ? initialValues(session.company) : undefined,
  });

  if (!session) return <Navigate to="/login" replace />;
  const companyId = session.company.id;
  const lastStep = step === WIZARD_STEPS.length - 1;

  const next = async () => {
    if (await trigger(WIZARD_STEPS[step].fields)) setStep(step + 1);
  };

  const submit = handleSubmit((values) => {
    setError(null);
    save.mutate(payload(companyId, values), {
      onSuccess: (company) => {
        updateCompany(company);
        navigate('/', { replace: true });
      },
      onError: (failure) => setError(failure instanceof ApiError ? SAVE_FAILED : UNEXPECTED_FAILURE),
    });
  });

  return (
    <BarePage brand maxWidth={620}>
      <Stack
        component="form"
        noValidate
        spacing={3}
        aria-labelledby="wizard-title"
        // Enter in a field moves on a step; only the last step saves.
        onSubmit={(event) => {
          if (lastStep) return void submit(event);
          event.preventDefault();
          void next();
        }}
      >
        <div>
          <Typography id="wizard-title" variant="h5" component="h1">
            Tell us about {session.company.name}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
            Step {step + 1} of {WIZARD_STEPS.length}
          </Typography>
        </div>
        <Stepper activeStep={step} alternativeLabel>
          {WIZARD_STEPS.map(({ title }) => (
            <Step key={title}>
              <StepLabel>{title}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }} disabled={save.isPending}>
          <Typography component="legend" variant="h6" sx={{ mb: 2 }}>
            {WIZARD_STEPS[step].title}
          </Typography>
          <StepFields step={step} control={control} />
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'space-between' }}>
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button onClick={() => setStep(step - 1)} disabled={step === 0 || save.isPending}>
              Previous
            </Button>
            <Button color="inherit" onClick={() => navigate('/', { replace: true })} disabled={save.isPending}>
              Skip for now
            </Button>
          </Box>
          {lastStep ? (
            <Button key="save" type="submit" variant="contained" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save & Continue'}
            </Button>
          ) : (
            <Button key="next" variant="contained" onClick={() => void next()}>
              Next
            </Button>
          )}
        </Box>
      </Stack>
    </BarePage>
  );
}

const NOT_SPECIFIED: SelectOption = { value: '', label: <em>Not specified</em> };

function StepFields({ step, control }: { step: number; control: Control<ProfileValues> }) {
  switch (step) {
    case 0:
      return (
        <Stack spacing={2.5}>
          <FormTextField control={control} name="industry" label="Industry" options={[NOT_SPECIFIED, ...optionsOf(INDUSTRIES)]} fullWidth />
          <FormTextField control={control} name="companySize" label="Company Size" options={[NOT_SPECIFIED, ...optionsOf(COMPANY_SIZES_WITH_EMPLOYEES)]} fullWidth />
        </Stack>
      );
    case 1:
      return (
        <Stack spacing={2.5}>
          <FormTextField
            control={control}
            name="website"
            label="Website"
            type="url"
            autoComplete="url"
            placeholder="https://www.example.com"
            fullWidth
          />
          <FormTextField control={control} name="phone" label="Phone" type="tel" autoComplete="tel" fullWidth />
          <FormTextField control={control} name="address" label="Address" autoComplete="street-address" multiline minRows={2} fullWidth />
        </Stack>
      );
    default:
      return (
        <Stack spacing={2.5}>
          <FormTextField control={control} name="description" label="Description" multiline minRows={3} fullWidth />
          <FormTextField control={control} name="targetAudience" label="Target Audience" options={[NOT_SPECIFIED, ...optionsOf(TARGET_AUDIENCES)]} fullWidth />
        </Stack>
      );
  }
}

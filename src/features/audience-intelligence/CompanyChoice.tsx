/**
 * The company whose audience the page shows, chosen on the page: the same choice as the header's
 * "View Data For" (one filter, kept for the session), offered where the page would otherwise have
 * nothing to show.
 */
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCompanies } from '@/lib/accounts';
import { withReason } from '@/lib/failure';
import { useCompanyFilter } from '@/lib/session';
import { SelectField } from '@/ui/SelectField';
import { CHOOSE_COMPANY_FOR_AUDIENCE, COMPANY_CHOICE_LABELS } from './labels';

export function CompanyChoice() {
  const { setCompanyFilter } = useCompanyFilter();
  const companies = useCompanies();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 } }}>
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <Typography sx={{ color: 'text.secondary' }}>
          {CHOOSE_COMPANY_FOR_AUDIENCE}
        </Typography>
        {companies.isError ? (
          <Alert severity="error">{withReason(COMPANY_CHOICE_LABELS.failed, companies.error)}</Alert>
        ) : companies.data ? (
          <SelectField
            label={COMPANY_CHOICE_LABELS.label}
            value=""
            options={companies.data.map((company) => ({ value: company.id, label: company.name }))}
            onChange={setCompanyFilter}
            sx={{ width: '100%', maxWidth: 360, textAlign: 'start' }}
          />
        ) : (
          <Skeleton variant="rounded" width="100%" height={56} sx={{ maxWidth: 360 }} role="status" aria-label={COMPANY_CHOICE_LABELS.loading} />
        )}
      </Stack>
    </Paper>
  );
}

/** The model screen (data document, section 2), routed at /discovery-settings. */
import { lazy, Suspense, useEffect } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ALL_COMPANIES, useCompanyFilter, useSession } from '@/lib/session';
import { FailureAlert } from '@/ui/FailureAlert';
import { useModelSettings } from './api';
import { MODEL_SCREEN } from './labels';

// The editor is downloaded beside the company's settings (not with the page, which a global admin
// viewing all companies sees without it), and drawn once both are here.
const loadEditor = () => import('./ModelSettingsEditor');
const ModelSettingsEditor = lazy(async () => ({ default: (await loadEditor()).ModelSettingsEditor }));

/** The company the screen works on: the filter's choice, or the user's own; null for a global admin viewing all. */
function useModelCompanyId(): string | null {
  const { session, can } = useSession();
  const { companyFilter, filterParam } = useCompanyFilter();
  if (can('chooseCompany') && companyFilter === ALL_COMPANIES) return null;
  return filterParam ?? session?.company.id ?? null;
}

export function DiscoverySettingsPage() {
  const companyId = useModelCompanyId();
  return (
    <Stack spacing={3} sx={{ py: 2 }}>
      <Box>
        <Typography variant="h4" component="h1" gutterBottom>
          {MODEL_SCREEN.title}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>{MODEL_SCREEN.tagline}</Typography>
      </Box>
      {companyId ? (
        <CompanyModelSettings key={companyId} companyId={companyId} />
      ) : (
        <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, textAlign: 'center' }}>
          <Typography sx={{ color: 'text.secondary' }}>{MODEL_SCREEN.chooseCompany}</Typography>
        </Paper>
      )}
    </Stack>
  );
}

function CompanyModelSettings({ companyId }: { companyId: string }) {
  const view = useModelSettings(companyId);
  useEffect(() => void loadEditor(), []);
  if (view.isError) return <FailureAlert title="Failed to load the model settings" error={view.error} onRetry={() => void view.refetch()} />;
  const loading = (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
      <CircularProgress aria-label="Loading the model settings" />
    </Box>
  );
  if (!view.data) return loading;
  return (
    <Suspense fallback={loading}>
      <ModelSettingsEditor companyId={companyId} view={view.data} />
    </Suspense>
  );
}

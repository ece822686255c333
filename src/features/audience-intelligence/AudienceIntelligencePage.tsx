/** Audience Intelligence (platform document, sections 2 to 9), routed at /audience-intelligence. */
import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCompanyFilter } from '@/lib/session';
import { LOADING_AUDIENCE, PAGE_SUBTITLE, PAGE_TITLE } from './labels';

// The charts and the data grid come with the workspace: the heading (or the prompt to choose a
// company) shows while they download.
const AudienceWorkspace = lazy(async () => ({ default: (await import('./AudienceWorkspace')).AudienceWorkspace }));
// Only a global admin viewing "All Companies" is asked for a company: its picker comes when asked for.
const CompanyChoice = lazy(async () => ({ default: (await import('./CompanyChoice')).CompanyChoice }));

export function AudienceIntelligencePage() {
  // Profiles belong to one company: "All Companies" has no audience to show.
  const { filterParam } = useCompanyFilter();
  return (
    <Stack spacing={3} sx={{ py: 2 }}>
      <Box>
        <Typography variant="h4" component="h1" gutterBottom>
          {PAGE_TITLE}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>{PAGE_SUBTITLE}</Typography>
      </Box>
      {filterParam ? (
        <Suspense
          fallback={
            <Box role="status" aria-label={LOADING_AUDIENCE}>
              <Skeleton variant="rounded" height={320} />
            </Box>
          }
        >
          {/* Another company starts afresh: no filter, search or selection carries over. */}
          <AudienceWorkspace key={filterParam} companyId={filterParam} />
        </Suspense>
      ) : (
        <Suspense fallback={null}>
          <CompanyChoice />
        </Suspense>
      )}
    </Stack>
  );
}

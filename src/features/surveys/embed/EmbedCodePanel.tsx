import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { ALL_COMPANIES, useCompanyFilter, useSession } from '@/lib/session';
import { FailureAlert } from '@/ui/FailureAlert';
import { useActiveSurveys, useCollectionSettings, useEmbedCode, useTriggerSettings } from '../api/embed';
import { useGlobalIdentifiers } from '../api/identifiers';
import { ActiveSurveysCard } from './ActiveSurveysCard';
import { CollectionSettingsForm } from './CollectionSettingsForm';
import { EmbedSnippetCard } from './EmbedSnippetCard';
import { GlobalIdentifiersForm } from './GlobalIdentifiersForm';
import { TriggerSettingsForm } from './TriggerSettingsForm';

export const CHOOSE_COMPANY_FOR_EMBED = 'Choose a company in "View Data For" to see its embed code and settings.';
export const READ_ONLY_EMBED = 'You can copy the embed code. Changing these settings needs permission to manage surveys.';

/** The company the screen works on: the filter's choice, or the user's own; null for a global admin viewing all. */
export function useEmbedCompanyId(): string | null {
  const { session, can } = useSession();
  const { companyFilter, filterParam } = useCompanyFilter();
  if (can('chooseCompany') && companyFilter === ALL_COMPANIES) return null;
  return filterParam ?? session?.company.id ?? null;
}

/** A query's result, its spinner while it loads, or why it failed with a way to ask again. */
function Loaded<T>({ query, label, failure, children }: { query: UseQueryResult<T>; label: string; failure: string; children: (data: T) => ReactNode }) {
  if (query.isError) return <FailureAlert title={failure} error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data === undefined) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label={label} />
      </Box>
    );
  }
  return children(query.data);
}

/** LiveIQ's Embed Code tab: the company embed screen (data document, section 2). */
export function EmbedCodePanel() {
  const companyId = useEmbedCompanyId();
  if (!companyId) {
    return (
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, textAlign: 'center' }}>
        <Typography sx={{ color: 'text.secondary' }}>{CHOOSE_COMPANY_FOR_EMBED}</Typography>
      </Paper>
    );
  }
  // Another company starts from its own saved settings: no form keeps the last one's edits.
  return <CompanyEmbed key={companyId} companyId={companyId} />;
}

function CompanyEmbed({ companyId }: { companyId: string }) {
  const { can } = useSession();
  const canManage = can('manageSurveys');
  const code = useEmbedCode(companyId);
  const active = useActiveSurveys(companyId);
  const identifiers = useGlobalIdentifiers(companyId);
  const triggers = useTriggerSettings(companyId);
  const collection = useCollectionSettings(companyId);

  return (
    <Stack spacing={3}>
      {!canManage && <Alert severity="info">{READ_ONLY_EMBED}</Alert>}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 5 }}>
          <Loaded query={code} label="Loading the company" failure="Failed to load the embed code">
            {(info) => (
              <Loaded query={active} label="Loading active surveys" failure="Failed to load active surveys">
                {(surveys) => <ActiveSurveysCard companyName={info.companyName} companyId={info.companyId} surveys={surveys} />}
              </Loaded>
            )}
          </Loaded>
        </Grid>
        <Grid size={{ xs: 12, lg: 7 }}>
          <Loaded query={code} label="Loading the embed code" failure="Failed to load the embed code">
            {(info) => (
              <Loaded query={identifiers} label="Loading identifier settings" failure="Failed to load the global identifier settings">
                {(identifierSettings) => (
                  <Loaded query={triggers} label="Loading trigger settings" failure="Failed to load the trigger settings">
                    {(view) => <EmbedSnippetCard info={info} triggers={view.triggerSettings} identifiers={identifierSettings} />}
                  </Loaded>
                )}
              </Loaded>
            )}
          </Loaded>
        </Grid>
      </Grid>
      <Loaded query={identifiers} label="Loading identifier settings" failure="Failed to load the global identifier settings">
        {(settings) => <GlobalIdentifiersForm companyId={companyId} settings={settings} canManage={canManage} />}
      </Loaded>
      <Loaded query={triggers} label="Loading trigger settings" failure="Failed to load the trigger settings">
        {(view) => <TriggerSettingsForm companyId={companyId} view={view} canManage={canManage} />}
      </Loaded>
      <Loaded query={collection} label="Loading collection settings" failure="Failed to load the collection settings">
        {(settings) => <CollectionSettingsForm companyId={companyId} settings={settings} canManage={canManage} />}
      </Loaded>
    </Stack>
  );
}

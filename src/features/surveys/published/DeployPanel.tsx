import { useEffect, useState } from 'react';
import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PUBLISHED_MESSAGES } from '@domain/survey/messages';
import type { PublishedSurvey } from '@domain/survey/types';
import { useRevealInBatches } from '@/lib/useRevealInBatches';
import { FailureAlert } from '@/ui/FailureAlert';
import { PublishedSurveyCard, type PublishedSurveyCardProps } from './PublishedSurveyCard';

export const LOAD_FAILED = 'Failed to load published surveys';
export const CREATE_SURVEY_LABEL = 'Go to CreateIQ';

/** Cards put on the page per step: a phone shows two, a wide screen six. */
const CARDS_PER_STEP = 6;

/** Ages and days left move on while the page stays open. */
const CLOCK_TICK_MS = 60_000;

function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export interface DeployPanelProps
  extends Pick<
    PublishedSurveyCardProps,
    'canManage' | 'onStart' | 'onStop' | 'onEdit' | 'onCustomize' | 'onPreview' | 'onEmbedCode' | 'onViewResults' | 'onDelete'
  > {
  /** undefined while the first load runs. */
  surveys: PublishedSurvey[] | undefined;
  /** The load failed after its retries: the list is empty, and the reason is shown. */
  loadError?: unknown;
  onRetry?: () => void;
  /** A global admin viewing every company: cards name their company. */
  showCompany?: boolean;
  statusChangingIds?: readonly string[];
  deletingIds?: readonly string[];
  /** Opens CreateIQ from the empty state. */
  onCreate: () => void;
  /** The clock of the cards; a story fixes it, the page lets it tick. */
  now?: Date;
  /** The survey just published from CreateIQ: its card points at Start. */
  justPublishedId?: string | null;
}

/** LiveIQ's Deploy tab: the grid of published surveys, or why there is none. */
export function DeployPanel({
  surveys,
  loadError,
  onRetry,
  showCompany = false,
  statusChangingIds = [],
  deletingIds = [],
  onCreate,
  now: fixedNow,
  justPublishedId = null,
  ...cardProps
}: DeployPanelProps) {
  const clock = useMinuteClock();
  const now = fixedNow ?? clock;
  // The survey just published is drawn in the first batch wherever the list puts it.
  const justPublishedAt = justPublishedId && surveys ? surveys.findIndex((survey) => survey.id === justPublishedId) : -1;
  const drawnCards = Math.max(useRevealInBatches(surveys?.length ?? 0, CARDS_PER_STEP), justPublishedAt + 1);
  if (loadError) return <FailureAlert title={LOAD_FAILED} error={loadError} onRetry={onRetry} />;
  if (!surveys) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label="Loading published surveys" />
      </Box>
    );
  }
  if (surveys.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 6 }, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, textAlign: 'center' }}>
        <Typography component="h2" variant="h6">
          {PUBLISHED_MESSAGES.empty}
        </Typography>
        {cardProps.canManage && (
          <Button variant="contained" startIcon={<AddCircleOutlineIcon />} onClick={onCreate}>
            {CREATE_SURVEY_LABEL}
          </Button>
        )}
      </Paper>
    );
  }
  return (
    <Grid container spacing={2}>
      {surveys.slice(0, drawnCards).map((survey) => (
        <Grid key={survey.id} size={{ xs: 12, sm: 6, lg: 4 }}>
          <PublishedSurveyCard
            survey={survey}
            now={now}
            showCompany={showCompany}
            changingStatus={statusChangingIds.includes(survey.id)}
            deleting={deletingIds.includes(survey.id)}
            justPublished={survey.id === justPublishedId}
            {...cardProps}
          />
        </Grid>
      ))}
    </Grid>
  );
}

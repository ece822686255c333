import { useEffect, useId, useRef } from 'react';
import CodeIcon from '@mui/icons-material/Code';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import InsightsIcon from '@mui/icons-material/InsightsOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import PaletteOutlinedIcon from '@mui/icons-material/PaletteOutlined';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import StopIcon from '@mui/icons-material/Stop';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Button from '@mui/material/Button';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ageLabel, endConditionLabel, endedLabel, hasEnded } from '@domain/survey/lifecycle';
import type { PublishedSurvey, SurveyStatus } from '@domain/survey/types';
import { JUST_PUBLISHED_HINT } from './justPublished';

export const STATUS_LABELS: Record<SurveyStatus, string> = { active: 'Active', inactive: 'Inactive' };

export const CARD_ACTIONS = {
  start: 'Start',
  stop: 'Stop',
  edit: 'Edit',
  customize: 'Customize Display',
  preview: 'Preview',
  embedCode: 'Embed Code',
  results: 'View Results',
  delete: 'Delete',
} as const;

export const NO_END_CONDITION = 'No end condition';

/** An end date (YYYY-MM-DD, a UTC day) in the reader's locale, on the same day wherever they are. */
const endDateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
export const formatEndDate = (isoDate: string) => {
  const time = Date.parse(`${isoDate}T00:00:00Z`);
  return Number.isNaN(time) ? isoDate : endDateFormat.format(time);
};

const countFormat = new Intl.NumberFormat();
/** The card counts completed responses (what an end condition counts); InsightIQ also counts those still open. */
export const responsesText = (count: number) => `${countFormat.format(count)} completed ${count === 1 ? 'response' : 'responses'}`;

export interface PublishedSurveyCardProps {
  survey: PublishedSurvey;
  /** The clock the age and the days left are counted with. */
  now: Date;
  /** Shown when several companies' surveys are listed (a global admin viewing all). */
  showCompany?: boolean;
  /** Without manageSurveys the card offers only Preview. */
  canManage: boolean;
  /** Its start or stop call runs. */
  changingStatus?: boolean;
  /** Its delete call runs. */
  deleting?: boolean;
  /**
   * Just published (LiveIQ opened from CreateIQ's Publish): while it is inactive the card stands
   * out, says what comes next, and Start is scrolled into view and focused.
   */
  justPublished?: boolean;
  onStart: (survey: PublishedSurvey) => void;
  onStop: (survey: PublishedSurvey) => void;
  onEdit: (survey: PublishedSurvey) => void;
  onCustomize: (survey: PublishedSurvey) => void;
  onPreview: (survey: PublishedSurvey) => void;
  /** Opens the company's embed code (one code for every survey). */
  onEmbedCode: (survey: PublishedSurvey) => void;
  onViewResults: (survey: PublishedSurvey) => void;
  onDelete: (survey: PublishedSurvey) => void;
}

/** One published survey on LiveIQ's Deploy tab: name, status, age, end condition, responses, and its actions. */
export function PublishedSurveyCard({
  survey,
  now,
  showCompany = false,
  canManage,
  changingStatus = false,
  deleting = false,
  justPublished = false,
  onStart,
  onStop,
  onEdit,
  onCustomize,
  onPreview,
  onEmbedCode,
  onViewResults,
  onDelete,
}: PublishedSurveyCardProps) {
  const titleId = useId();
  const hintId = useId();
  const startRef = useRef<HTMLButtonElement>(null);
  const active = survey.status === 'active';
  const pointOut = justPublished && !active && canManage;
  useEffect(() => {
    if (!pointOut) return;
    startRef.current?.scrollIntoView?.({ block: 'center' });
    startRef.current?.focus();
  }, [pointOut]);
  const ended = !active && hasEnded(survey, now);
  const ends = ended ? endedLabel(survey, formatEndDate) : endConditionLabel(survey, now, formatEndDate);
  const busy = changingStatus || deleting;
  return (
    <Card
      component="article"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column', ...(pointOut && { borderColor: 'primary.main', borderWidth: 2 }) }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
          <Typography id={titleId} variant="subtitle1" component="h2" sx={{ fontWeight: 600, lineHeight: 1.3, overflowWrap: 'anywhere' }}>
            {survey.name}
          </Typography>
          <Chip size="small" label={STATUS_LABELS[survey.status]} color={active ? 'success' : 'default'} />
        </Stack>
        {showCompany && survey.companyName && (
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {survey.companyName}
          </Typography>
        )}
        {survey.survey.description && (
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
            {survey.survey.description}
          </Typography>
        )}
        <Stack spacing={0.25} sx={{ mt: 2 }}>
          <Typography variant="body2">Age: {ageLabel(survey.publishedAt, now)}</Typography>
          <Typography variant="body2">
            {ends ?? NO_END_CONDITION}
          </Typography>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {responsesText(survey.responseCount)}
          </Typography>
        </Stack>
        {pointOut && (
          <Alert id={hintId} severity="info" sx={{ mt: 2 }}>
            {JUST_PUBLISHED_HINT}
          </Alert>
        )}
      </CardContent>
      <CardActions disableSpacing sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        {canManage &&
          (active ? (
            <Button size="small" variant="outlined" color="warning" startIcon={<StopIcon />} disabled={busy} aria-describedby={titleId} onClick={() => onStop(survey)}>
              {CARD_ACTIONS.stop}
            </Button>
          ) : (
            <Button
              ref={startRef}
              size="small"
              variant="contained"
              startIcon={<PlayArrowIcon />}
              disabled={busy}
              aria-describedby={pointOut ? `${titleId} ${hintId}` : titleId}
              onClick={() => onStart(survey)}
            >
              {CARD_ACTIONS.start}
            </Button>
          ))}
        {canManage && (
          <Button size="small" startIcon={<EditOutlinedIcon />} disabled={deleting} aria-describedby={titleId} onClick={() => onEdit(survey)}>
            {CARD_ACTIONS.edit}
          </Button>
        )}
        {canManage && (
          <Button size="small" startIcon={<PaletteOutlinedIcon />} disabled={deleting} aria-describedby={titleId} onClick={() => onCustomize(survey)}>
            {CARD_ACTIONS.customize}
          </Button>
        )}
        <Button size="small" startIcon={<VisibilityOutlinedIcon />} disabled={deleting} aria-describedby={titleId} onClick={() => onPreview(survey)}>
          {CARD_ACTIONS.preview}
        </Button>
        <Button size="small" startIcon={<CodeIcon />} disabled={deleting} aria-describedby={titleId} onClick={() => onEmbedCode(survey)}>
          {CARD_ACTIONS.embedCode}
        </Button>
        <Button size="small" startIcon={<InsightsIcon />} disabled={deleting} aria-describedby={titleId} onClick={() => onViewResults(survey)}>
          {CARD_ACTIONS.results}
        </Button>
        {canManage && (
          <Button size="small" color="error" startIcon={<DeleteOutlinedIcon />} disabled={busy} aria-describedby={titleId} onClick={() => onDelete(survey)}>
            {CARD_ACTIONS.delete}
          </Button>
        )}
      </CardActions>
    </Card>
  );
}

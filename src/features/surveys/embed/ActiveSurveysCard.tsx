import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ActiveSurveySummary } from '@domain/survey/collection';
import { EmbedSection } from './EmbedSection';

export const ACTIVE_SURVEYS_TITLE = 'Active Surveys';
export const CUSTOM_STYLING = 'custom styling applied';
export const DEFAULT_STYLING = 'default';
export const NO_ACTIVE_SURVEYS = 'No survey is active: the code shows nothing until you start one on the Deploy tab.';

export const questionCountText = (count: number) => `${count} ${count === 1 ? 'question' : 'questions'}`;
export const activeCountText = (count: number) => `${count} active ${count === 1 ? 'survey' : 'surveys'}`;

export interface ActiveSurveysCardProps {
  companyName: string;
  companyId: string;
  surveys: ActiveSurveySummary[];
}

/** Whose code it is, and which surveys it shows right now. */
export function ActiveSurveysCard({ companyName, companyId, surveys }: ActiveSurveysCardProps) {
  return (
    <EmbedSection title={ACTIVE_SURVEYS_TITLE} action={<Chip color={surveys.length ? 'success' : 'default'} label={activeCountText(surveys.length)} />}>
      <Stack component="dl" spacing={0.5} sx={{ m: 0, mb: 2, '& dt': { color: 'text.secondary' }, '& dd': { m: 0, mb: 1 } }}>
        <Typography component="dt" variant="body2">
          Company name
        </Typography>
        <Typography component="dd">{companyName}</Typography>
        <Typography component="dt" variant="body2">
          Company id
        </Typography>
        <Typography component="dd" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
          {companyId}
        </Typography>
      </Stack>
      {surveys.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {NO_ACTIVE_SURVEYS}
        </Typography>
      ) : (
        <List dense disablePadding aria-label="Active surveys">
          {surveys.map((survey) => (
            <ListItem key={survey.id} divider disableGutters secondaryAction={<Chip size="small" variant="outlined" color={survey.customStyling ? 'primary' : 'default'} label={survey.customStyling ? CUSTOM_STYLING : DEFAULT_STYLING} />}>
              <ListItemText primary={survey.name} secondary={questionCountText(survey.questionCount)} sx={{ pr: 20 }} />
            </ListItem>
          ))}
        </List>
      )}
    </EmbedSection>
  );
}

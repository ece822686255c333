import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MOST_ENGAGED_USERS, type UserAnalytics } from '@domain/survey/collection';
import { ResponsiveTable, type TableColumn } from '@/ui/ResponsiveTable';
import { formatDuration } from './format';
import { DEVICE_LABELS } from './resultFilters';
import { addressText } from './addressText';

export const LOAD_USER_ANALYTICS = 'Load User Analytics';
export const HIDE_USER_ANALYTICS = 'Hide User Analytics';
export const MOST_ENGAGED_TITLE = `Top ${MOST_ENGAGED_USERS} most engaged users`;
export const NO_ENGAGED_USERS = 'No respondent addresses are stored for this survey, so users cannot be told apart.';

const countFormat = new Intl.NumberFormat();

type EngagedUser = UserAnalytics['userEngagement'][number];

const ENGAGEMENT_COLUMNS: TableColumn<EngagedUser>[] = [
  {
    key: 'address',
    label: 'IP address',
    noWrap: true,
    cell: (user) => (
      <Box component="span" sx={{ fontFamily: 'monospace' }}>
        {addressText(user.ip_address)}
      </Box>
    ),
  },
  { key: 'responses', label: 'Responses', align: 'right', cell: (user) => user.response_count },
  {
    key: 'devices',
    label: 'Devices',
    cell: (user) => (
      <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {user.device_types.map((device) => (
          <Chip key={device} size="small" variant="outlined" label={DEVICE_LABELS[device]} />
        ))}
      </Stack>
    ),
  },
  { key: 'completion', label: 'Average completion', align: 'right', noWrap: true, cell: (user) => formatDuration(user.avg_completion_time) },
];

export interface UserAnalyticsSectionProps {
  shown: boolean;
  onToggle: () => void;
  /** undefined while loading; null when it could not be loaded (nothing is shown then). */
  analytics: UserAnalytics | null | undefined;
}

/**
 * Who answered, told apart by their (stored form of the) address: asked for only on request, as
 * it reads every response.
 */
export function UserAnalyticsSection({ shown, onToggle, analytics }: UserAnalyticsSectionProps) {
  return (
    <Stack spacing={2}>
      <Box>
        <Button variant="outlined" onClick={onToggle} aria-expanded={shown}>
          {shown ? HIDE_USER_ANALYTICS : LOAD_USER_ANALYTICS}
        </Button>
      </Box>
      {shown && analytics === undefined && <CircularProgress size={28} aria-label="Loading user analytics" />}
      {shown && analytics && (
        <Stack spacing={2}>
          <Grid container spacing={2}>
            {[
              { label: 'Unique Users', value: analytics.uniqueUsers },
              { label: 'Returning Users', value: analytics.returningUsers },
            ].map((card) => (
              <Grid key={card.label} size={{ xs: 6, sm: 4, md: 3 }}>
                <Paper variant="outlined" sx={{ p: 2 }}>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {card.label}
                  </Typography>
                  <Typography variant="h5" component="p" sx={{ mt: 0.5, fontWeight: 600 }}>
                    {countFormat.format(card.value)}
                  </Typography>
                </Paper>
              </Grid>
            ))}
          </Grid>
          <Typography variant="subtitle2" component="h3">
            {MOST_ENGAGED_TITLE}
          </Typography>
          {analytics.userEngagement.length === 0 ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {NO_ENGAGED_USERS}
            </Typography>
          ) : (
            <ResponsiveTable
              label={MOST_ENGAGED_TITLE}
              rows={analytics.userEngagement}
              columns={ENGAGEMENT_COLUMNS}
              rowKey={(user) => user.ip_address}
              rowName={(user) => addressText(user.ip_address) ?? user.ip_address}
              outlined
            />
          )}
        </Stack>
      )}
    </Stack>
  );
}

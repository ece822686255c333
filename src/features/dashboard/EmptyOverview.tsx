import { Link as RouterLink } from 'react-router-dom';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DASHBOARD_MESSAGES } from '@domain/dashboard/contract';

export const EMPTY_OVERVIEW_LINKS = {
  outboundApi: 'Outbound API: API keys, documentation and a live test of the prediction API',
  liveIq: 'LiveIQ: publish a survey',
} as const;

/** A company with no calls, events or profiles yet: what the charts will show, and how data gets in. */
export function EmptyOverview() {
  return (
    <Paper variant="outlined" component="section" aria-label={DASHBOARD_MESSAGES.emptyTitle} sx={{ p: { xs: 3, md: 5 } }}>
      <Stack spacing={2} sx={{ maxWidth: 640, mx: 'auto' }}>
        <Typography variant="h6" component="h2">
          {DASHBOARD_MESSAGES.emptyTitle}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>{DASHBOARD_MESSAGES.emptyBody}</Typography>
        <Stack component="ul" spacing={0.75} sx={{ m: 0, pl: 2.5 }}>
          <li>
            <Link component={RouterLink} to="/outbound-api">
              {EMPTY_OVERVIEW_LINKS.outboundApi}
            </Link>
          </li>
          <li>
            <Link component={RouterLink} to="/zero-party/survey-published">
              {EMPTY_OVERVIEW_LINKS.liveIq}
            </Link>
          </li>
        </Stack>
      </Stack>
    </Paper>
  );
}

import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ACTION_LABELS, EMPTY_AUDIENCE } from './labels';

export interface EmptyAudienceProps {
  /** Builds the profiles from the data already imported; absent while a build runs. */
  onBuild?: () => void;
}

/** No profiles yet, and no filter to blame: how data gets in. */
export function EmptyAudience({ onBuild }: EmptyAudienceProps) {
  return (
    <Paper variant="outlined" component="section" aria-label={EMPTY_AUDIENCE.title} sx={{ p: { xs: 3, md: 5 } }}>
      <Stack spacing={2} sx={{ maxWidth: 640, mx: 'auto' }}>
        <Typography variant="h6" component="h2">
          {EMPTY_AUDIENCE.title}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>{EMPTY_AUDIENCE.body}</Typography>
        <Stack component="ul" spacing={0.75} sx={{ m: 0, pl: 2.5 }}>
          <li>
            <Link component={RouterLink} to="/data-sources">
              {EMPTY_AUDIENCE.importCustomers}
            </Link>
          </li>
          <li>
            <Link component={RouterLink} to="/zero-party/survey-published">
              {EMPTY_AUDIENCE.collectSurveys}
            </Link>
          </li>
          <li>
            <Link component={RouterLink} to="/outbound-api">
              {EMPTY_AUDIENCE.sendEvents}
            </Link>
          </li>
        </Stack>
        {onBuild && (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {EMPTY_AUDIENCE.rebuildHint}
            </Typography>
            <Button variant="outlined" onClick={onBuild}>
              {ACTION_LABELS.rebuild}
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

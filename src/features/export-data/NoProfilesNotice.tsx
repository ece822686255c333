/** The honest empty state: the company has no profiles yet, and how it gets some. */
import { Link as RouterLink } from 'react-router-dom';
import Inventory2Icon from '@mui/icons-material/Inventory2Outlined';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EXPORT_TEXT } from './labels';

export function NoProfilesNotice() {
  return (
    <Paper component="section" aria-label={EXPORT_TEXT.noProfilesTitle} variant="outlined" sx={{ p: { xs: 3, md: 4 } }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <Inventory2Icon aria-hidden sx={{ fontSize: 40, color: 'text.secondary' }} />
        <Stack spacing={1.5}>
          <Typography variant="h6" component="h2">
            {EXPORT_TEXT.noProfilesTitle}
          </Typography>
          <Typography sx={{ color: 'text.secondary', maxWidth: 640 }}>{EXPORT_TEXT.noProfiles}</Typography>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
            <Button component={RouterLink} to="/data-sources" variant="outlined">
              {EXPORT_TEXT.goToDataSources}
            </Button>
            <Button component={RouterLink} to="/zero-party/survey-published">
              {EXPORT_TEXT.goToSurveys}
            </Button>
          </Stack>
        </Stack>
      </Stack>
    </Paper>
  );
}

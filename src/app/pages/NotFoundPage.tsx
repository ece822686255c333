import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BarePage } from '@/ui/BarePage';

/** An address that is not a page of the dashboard. */
export function NotFoundPage() {
  return (
    <BarePage>
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <Typography variant="h4" component="h1">
          Page not found
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>There is no page at this address.</Typography>
        <Button component={RouterLink} to="/" variant="contained">
          Go to Dashboard
        </Button>
      </Stack>
    </BarePage>
  );
}

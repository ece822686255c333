import { useNavigate } from 'react-router-dom';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LockIcon from '@mui/icons-material/Lock';
import { BarePage } from '@/ui/BarePage';

export const ACCESS_DENIED_MESSAGE = "You don't have permission to view this page.";
export const CONTACT_ADMIN_NOTE = 'If you need access, please contact your administrator.';

/** React Router numbers its history entries; 0 means this tab opened the dashboard here. */
function hasPreviousPage(): boolean {
  const index = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof index === 'number' && index > 0;
}

/** Where the route guard sends a signed-in user who lacks the page's role or permission. */
export function UnauthorizedPage() {
  const navigate = useNavigate();
  return (
    <BarePage>
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <LockIcon aria-hidden sx={{ fontSize: 48, color: 'error.main' }} />
        <Typography variant="h4" component="h1">
          Access Denied
        </Typography>
        <Typography>{ACCESS_DENIED_MESSAGE}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {CONTACT_ADMIN_NOTE}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ pt: 1 }}>
          <Button variant="outlined" onClick={() => (hasPreviousPage() ? navigate(-1) : navigate('/'))}>
            Go Back
          </Button>
          <Button variant="contained" onClick={() => navigate('/')}>
            Go to Dashboard
          </Button>
        </Stack>
      </Stack>
    </BarePage>
  );
}

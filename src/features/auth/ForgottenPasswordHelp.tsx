import { useId, useState } from 'react';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';

export const FORGOTTEN_PASSWORD_HELP =
  'Passwords are reset by your administrator. Please contact them to get a new password.';

/** "Forgotten your password?": a disclosure that says who resets passwords. */
export function ForgottenPasswordHelp() {
  const [shown, setShown] = useState(false);
  const helpId = useId();
  return (
    <div>
      <Link
        component="button"
        type="button"
        variant="body2"
        underline="hover"
        aria-expanded={shown}
        aria-controls={helpId}
        onClick={() => setShown((open) => !open)}
        sx={{ color: 'text.secondary' }}
      >
        Forgotten your password?
      </Link>
      <Typography id={helpId} hidden={!shown} variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
        {FORGOTTEN_PASSWORD_HELP}
      </Typography>
    </div>
  );
}

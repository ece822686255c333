import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
// The brand component's own module rather than the '@/theme' barrel, which would also bring the
// theme toggle's tooltip into the sign-in screens' first download.
import { Logo, NAVOUT_TAGLINE } from '@/theme/components/Logo';
import { DeferredThemeToggle } from './DeferredThemeToggle';

export interface BarePageProps {
  /** The logo and the tagline above the card (the sign-in screens). */
  brand?: boolean;
  maxWidth?: number;
  children: ReactNode;
}

/** A page outside the shell (sign-in, registration, Access Denied): one card, centred. */
export function BarePage({ brand = false, maxWidth = 480, children }: BarePageProps) {
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 3,
        px: 2,
        py: 6,
        position: 'relative',
        bgcolor: 'background.default',
        color: 'text.primary',
      }}
    >
      <Box sx={{ position: 'absolute', top: 16, right: 16 }}>
        <DeferredThemeToggle />
      </Box>
      {brand && (
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, textAlign: 'center' }}>
          <Logo size={44} />
          <Typography variant="subtitle1" component="p" sx={{ color: 'text.secondary' }}>
            {NAVOUT_TAGLINE}
          </Typography>
        </Box>
      )}
      <Paper component="main" variant="outlined" sx={{ width: '100%', maxWidth, p: { xs: 3, sm: 4 } }}>
        {children}
      </Paper>
    </Box>
  );
}

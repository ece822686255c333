import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ConstructionIcon from '@mui/icons-material/Construction';

export const NOT_AVAILABLE_YET = 'This part of Navout is not available yet.';

export interface ComingSoonProps {
  /** The page's title, shown as its heading. */
  title: string;
  /** Replaces the heading (the overview greets the company instead). */
  heading?: ReactNode;
}

/** The honest state of a page whose feature has not been built: no sample data, no pretence. */
export function ComingSoon({ title, heading }: ComingSoonProps) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Typography variant="h4" component="h1">
        {heading ?? title}
      </Typography>
      <Paper
        variant="outlined"
        sx={{ p: { xs: 3, md: 6 }, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, textAlign: 'center' }}
      >
        <ConstructionIcon aria-hidden sx={{ fontSize: 48, color: 'text.secondary' }} />
        <Typography variant="h6" component="h2">
          {title} is not available yet
        </Typography>
        <Typography sx={{ color: 'text.secondary', maxWidth: 520 }}>{NOT_AVAILABLE_YET}</Typography>
      </Paper>
    </Box>
  );
}

/** Pieces every part of the Privacy screen shares: a titled section, a spinner, a time. */
import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

const whenFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function When({ iso }: { iso: string }) {
  return <time dateTime={iso}>{whenFormat.format(new Date(iso))}</time>;
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h3" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

export function Loading({ label }: { label: string }) {
  return (
    <Stack sx={{ alignItems: 'center', py: 3 }}>
      <CircularProgress aria-label={label} />
    </Stack>
  );
}

import { useId, type ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export interface EmbedSectionProps {
  title: string;
  /** What the section is for, under its title. */
  description?: ReactNode;
  /** Beside the title (a count, a button). */
  action?: ReactNode;
  children: ReactNode;
}

/** One part of the company embed screen: a titled region, so it can be reached by its name. */
export function EmbedSection({ title, description, action, children }: EmbedSectionProps) {
  const titleId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: { xs: 2, md: 3 } }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start', justifyContent: 'space-between', mb: description ? 0.5 : 2 }}>
        <Typography id={titleId} variant="h6" component="h2">
          {title}
        </Typography>
        {action}
      </Stack>
      {description && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {description}
        </Typography>
      )}
      {children}
    </Paper>
  );
}

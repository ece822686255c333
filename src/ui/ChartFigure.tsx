import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@/ui/visuallyHidden';

export interface ChartFigureProps {
  title: string;
  /** The chart's figures in words, read by screen readers instead of the drawing (which they skip). */
  summary: string;
  children: ReactNode;
}

/** A chart with its caption: a figure named by its title and described by its data. */
export function ChartFigure({ title, summary, children }: ChartFigureProps) {
  const titleId = useId();
  const summaryId = useId();
  return (
    <Box component="figure" aria-labelledby={titleId} aria-describedby={summaryId} sx={{ m: 0, position: 'relative', minWidth: 0 }}>
      <Typography id={titleId} component="figcaption" variant="subtitle2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
      <Box id={summaryId} sx={visuallyHidden}>
        {summary}
      </Box>
    </Box>
  );
}

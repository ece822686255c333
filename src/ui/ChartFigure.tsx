import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@/ui/visuallyHidden';

export interface ChartFigureProps {
  title: string;
  /** The chart's figures in words, read by screen readers instead of the drawing (which they skip). */
  summary: string;
  children: ReactNode;
}

/**
 * The narrowest box a chart is drawn in: the widest pair of axes we draw (56 px on the left, 48 on
 * the right), their margins and room for a plot.
 */
const MIN_CHART_WIDTH = 160;

/**
 * Whether the element has room for a chart. MUI X charts draw their clipping rectangle as wide as
 * their box less the axes: in a box narrower than the axes (a page or tab being hidden, a window or
 * a grid being resized) that width is negative, an invalid SVG value browsers report as an error.
 * The chart waits until it has room.
 */
function useHasWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [hasWidth, setHasWidth] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setHasWidth(element.getBoundingClientRect().width >= MIN_CHART_WIDTH);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setHasWidth((entry?.contentRect.width ?? 0) >= MIN_CHART_WIDTH));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, hasWidth };
}

/** A chart with its caption: a figure named by its title and described by its data. */
export function ChartFigure({ title, summary, children }: ChartFigureProps) {
  const titleId = useId();
  const summaryId = useId();
  const { ref, hasWidth } = useHasWidth();
  return (
    <Box component="figure" aria-labelledby={titleId} aria-describedby={summaryId} sx={{ m: 0, position: 'relative', minWidth: 0 }}>
      <Typography id={titleId} component="figcaption" variant="subtitle2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <div ref={ref}>{hasWidth ? children : null}</div>
      <Box id={summaryId} sx={visuallyHidden}>
        {summary}
      </Box>
    </Box>
  );
}

import { useEffect, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';

export interface WhenOnScreenProps {
  /** The height the content will take, kept by the placeholder so nothing below it moves. */
  height: number;
  /** Drawn once the placeholder comes within `margin` of the viewport, and kept from then on. */
  children: ReactNode;
  /** How far ahead of the viewport to start (CSS margin); content just below the fold is ready when scrolled to. */
  margin?: string;
}

/**
 * Content that is costly to download or draw (a chart and its library), rendered only when it is
 * about to be seen. Until then, and while a lazy child loads (the Suspense fallback of a caller
 * can use ChartSkeleton), a skeleton of the same height holds its place.
 */
export function WhenOnScreen({ height, children, margin = '200px' }: WhenOnScreenProps) {
  const ref = useRef<HTMLDivElement>(null);
  // Without IntersectionObserver (old browsers, some test environments) the content draws at once.
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen, margin]);

  if (seen) return <>{children}</>;
  return (
    <Box ref={ref}>
      <ChartSkeleton height={height} />
    </Box>
  );
}

/** The place of a chart still on its way: a block of its height, hidden from screen readers. */
export function ChartSkeleton({ height }: { height: number }) {
  return <Skeleton variant="rounded" animation={false} aria-hidden height={height} sx={{ width: '100%' }} />;
}

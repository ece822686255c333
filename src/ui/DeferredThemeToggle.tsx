import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';

// The toggle's tooltip brings MUI's Popper, which no first page otherwise needs: the toggle
// arrives just after the page instead of holding it back.
const ThemeToggle = lazy(async () => ({ default: (await import('@/theme/components/ThemeToggle')).ThemeToggle }));

/** The theme's ThemeToggle, downloaded after the page it sits on; its space is kept meanwhile. */
export function DeferredThemeToggle() {
  return (
    <Suspense fallback={<Box aria-hidden sx={{ width: 40, height: 40 }} />}>
      <ThemeToggle />
    </Suspense>
  );
}

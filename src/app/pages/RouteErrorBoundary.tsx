import { Component, type ErrorInfo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

/**
 * What a visitor sees when a page failed to render or to download. It is part of the first
 * download (a page that failed to download cannot be replaced by another download), so it stays
 * small: no brand, no theme toggle.
 */
export function SomethingWentWrong() {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        p: 3,
        textAlign: 'center',
        bgcolor: 'background.default',
        color: 'text.primary',
      }}
    >
      <Typography variant="h4" component="h1">
        Something went wrong
      </Typography>
      <Typography sx={{ color: 'text.secondary' }}>This page could not be shown. Reload to try again.</Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </Box>
  );
}

export interface RouteErrorBoundaryProps {
  /** Changes with the address: moving to another page gives it a fresh chance. */
  resetKey: string;
  children: ReactNode;
}

/**
 * Catches a page that throws or whose chunk cannot be fetched (typically after a new release
 * replaced it while the tab was open; reloading fixes that).
 */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, { failedAt: string | null }> {
  override state = { failedAt: null as string | null };

  static getDerivedStateFromError(): Partial<{ failedAt: string | null }> {
    return { failedAt: '' };
  }

  static getDerivedStateFromProps(props: RouteErrorBoundaryProps, state: { failedAt: string | null }) {
    if (state.failedAt === '') return { failedAt: props.resetKey };
    if (state.failedAt !== null && state.failedAt !== props.resetKey) return { failedAt: null };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A page failed to render', error, info.componentStack);
  }

  override render() {
    return this.state.failedAt === null ? this.props.children : <SomethingWentWrong />;
  }
}

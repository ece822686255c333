import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import type { Capability } from '@domain/access/capabilities';
import type { OriginState } from '@/lib/origin';
import { useSession } from '@/lib/session';
import { PageSpinner } from '../components/PageSpinner';
import { decideAccess } from './access';

export const SESSION_LOADING_LABEL = 'Checking your session...';

export interface RequireAccessProps {
  /** The page's capability (its SCREENS entry). */
  access: Capability;
  /** Where a visitor without a session goes; the page they wanted travels along in `state.from`. */
  fallback?: string;
  children: ReactNode;
}

/** The route guard: a spinner while the session loads, then sign-in, Access Denied or the page. */
export function RequireAccess({ access, fallback = '/login', children }: RequireAccessProps) {
  const { caller, isLoading } = useSession();
  const location = useLocation();

  switch (decideAccess(access, caller, isLoading)) {
    case 'loading':
      return <PageSpinner label={SESSION_LOADING_LABEL} fullScreen />;
    case 'sign-in': {
      const state: OriginState = { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
      return <Navigate to={fallback} replace state={state} />;
    }
    case 'unauthorized':
      return <Navigate to="/unauthorized" replace />;
    case 'allow':
      return children;
  }
}

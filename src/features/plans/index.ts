import { lazy } from 'react';

export const PlansPage = lazy(() => import('./PlansPage'));

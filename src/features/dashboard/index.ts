import { lazyExport } from '@/lib/lazyExport';

export const OverviewPage = lazyExport(() => import('./OverviewPage'), 'OverviewPage');

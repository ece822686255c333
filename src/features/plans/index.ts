import { lazyExport } from '@/lib/lazyExport';

export const PlansPage = lazyExport(() => import('./PlansPage'), 'default');

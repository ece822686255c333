import { lazyExport } from '@/lib/lazyExport';

export const UnauthorizedPage = lazyExport(() => import('./UnauthorizedPage'), 'UnauthorizedPage');

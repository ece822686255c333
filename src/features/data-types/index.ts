import { lazyExport } from '@/lib/lazyExport';

export const DataTypesPage = lazyExport(() => import('./DataTypesPage'), 'DataTypesPage');

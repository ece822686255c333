import { lazyExport } from '@/lib/lazyExport';

export const DataSourcesPage = lazyExport(() => import('./DataSourcesPage'), 'DataSourcesPage');

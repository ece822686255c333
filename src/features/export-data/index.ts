import { lazyExport } from '@/lib/lazyExport';

export const ExportDataPage = lazyExport(() => import('./ExportDataPage'), 'ExportDataPage');

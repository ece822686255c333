import { lazyExport } from '@/lib/lazyExport';

export const OutboundApiPage = lazyExport(() => import('./OutboundApiPage'), 'OutboundApiPage');

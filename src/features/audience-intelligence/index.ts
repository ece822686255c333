import { lazyExport } from '@/lib/lazyExport';

export const AudienceIntelligencePage = lazyExport(() => import('./AudienceIntelligencePage'), 'AudienceIntelligencePage');

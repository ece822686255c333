import { lazyExport } from '@/lib/lazyExport';

export const DiscoverySettingsPage = lazyExport(() => import('./DiscoverySettingsPage'), 'DiscoverySettingsPage');

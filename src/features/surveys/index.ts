import { lazyExport } from '@/lib/lazyExport';

export const SurveyCreationPage = lazyExport(() => import('./SurveyCreationPage'), 'SurveyCreationPage');
export const SurveyPublishedPage = lazyExport(() => import('./SurveyPublishedPage'), 'SurveyPublishedPage');

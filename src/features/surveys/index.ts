import { lazy } from 'react';
import { lazyExport } from '@/lib/lazyExport';

export const SurveyCreationPage = lazyExport(() => import('./SurveyCreationPage'), 'SurveyCreationPage');
export const SurveyPublishedPage = lazyExport(() => import('./SurveyPublishedPage'), 'SurveyPublishedPage');

/** The override logs of the administration modals, loaded when first opened. */
export const OverrideLogsDialog = lazy(() => import('./overrideLogs/OverrideLogsDialog'));

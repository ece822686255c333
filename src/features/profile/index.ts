/** Profile Settings, loaded when first opened. */
import { lazy } from 'react';

export const ProfileSettingsModal = lazy(() => import('./ProfileSettingsModal'));

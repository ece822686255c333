/** The Privacy screen, loaded when first opened. */
import { lazy } from 'react';

export const PrivacyModal = lazy(() => import('./PrivacyModal'));

/** Company Management and Company Profile, each loaded when first opened. */
import { lazy } from 'react';

export const CompanyManagementModal = lazy(() => import('./CompanyManagementModal'));
export const CompanyProfileModal = lazy(() => import('./CompanyProfileModal'));

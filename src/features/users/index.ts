/** User Management and Permission Management, each loaded when first opened. */
import { lazy } from 'react';

export const UserManagementModal = lazy(() => import('./UserManagementModal'));
export const PermissionManagementModal = lazy(() => import('./PermissionManagementModal'));

/** The Audit Log, loaded when first opened. */
import { lazy } from 'react';

export const AuditLogModal = lazy(() => import('./AuditLogModal'));

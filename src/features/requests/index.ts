/** The Requests Inbox, loaded when first opened. */
import { lazy } from 'react';

export const RequestsInboxModal = lazy(() => import('./RequestsInboxModal'));

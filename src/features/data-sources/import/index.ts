/** Import Data, loaded when the page first opens it. */
import { lazy } from 'react';

export type { ImportDataDialogProps } from './ImportDataDialog';
export const ImportDataDialog = lazy(async () => ({ default: (await import('./ImportDataDialog')).ImportDataDialog }));

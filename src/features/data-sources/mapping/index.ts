/** The Field Mapping panel and the Configure Data Mapping dialog, each loaded when first shown. */
import { lazy } from 'react';

export type { FieldMappingPanelProps } from './FieldMappingPanel';
export type { ConfigureMappingDialogProps } from './ConfigureMappingDialog';
export const FieldMappingPanel = lazy(async () => ({ default: (await import('./FieldMappingPanel')).FieldMappingPanel }));
export const ConfigureMappingDialog = lazy(async () => ({ default: (await import('./ConfigureMappingDialog')).ConfigureMappingDialog }));

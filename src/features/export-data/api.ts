/** Export Data's calls: the preview (first rows and total) and the CSV download, for the company in view. */
import { useQuery } from '@tanstack/react-query';
import type { ExportFieldId, ExportPreview, ExportRange } from '@domain/audience/export';
import { exportFieldsParam } from '@domain/audience/exportRequest';
import { apiRequest } from '@/lib/apiClient';
import { downloadFile, type DownloadedFile, type DownloadOptions } from '@/lib/download';

export const EXPORT_PREVIEW_PATH = '/api/export/preview';
export const EXPORT_CSV_PATH = '/api/export/csv';

export interface ExportSelection {
  companyId: string;
  fields: readonly ExportFieldId[];
  range: ExportRange;
}

const previewQuery = ({ companyId, fields, range }: ExportSelection) => ({ companyFilter: companyId, fields: exportFieldsParam(fields), range });

/** The first rows of the export and how many it has; nothing is asked while `enabled` is false. */
export function useExportPreview(selection: ExportSelection, enabled = true) {
  return useQuery({
    queryKey: ['export', 'preview', selection.companyId, exportFieldsParam(selection.fields), selection.range],
    queryFn: ({ signal }) => apiRequest<ExportPreview>(EXPORT_PREVIEW_PATH, { query: previewQuery(selection), signal }),
    enabled: enabled && selection.fields.length > 0,
  });
}

/** How many profiles a range covers: the same count whatever the fields, so one field is asked for. */
export function useExportTotal(companyId: string, range: ExportRange) {
  const preview = useExportPreview({ companyId, fields: ['user_id'], range });
  return { ...preview, total: preview.data?.total };
}

export type ExportCallbacks = Pick<DownloadOptions, 'onChunk' | 'onHeaders' | 'signal'>;

/** GET /api/export/csv: the whole file, streamed, with the entered name. */
export const downloadExportCsv = (selection: ExportSelection & { name: string }, callbacks: ExportCallbacks = {}): Promise<DownloadedFile> =>
  downloadFile(EXPORT_CSV_PATH, { query: { ...previewQuery(selection), name: selection.name.trim() }, ...callbacks });

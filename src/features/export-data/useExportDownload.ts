/**
 * The CSV download with progress: the server announces how many rows will come (X-Total-Count)
 * and streams them; rows are counted as the bytes arrive, then the file is saved under its name.
 * Cancelling (or leaving the page) aborts the request, which also stops the server's reads.
 */
import { useEffect, useRef, useState } from 'react';
import { exportFileName } from '@domain/audience/export';
import { TOTAL_COUNT_HEADER } from '@domain/csv';
import { saveFile } from '@/lib/download';
import { useNotify } from '@/lib/notifications';
import { downloadExportCsv, type ExportSelection } from './api';
import { csvRowCounter } from './csvProgress';
import { EXPORT_TEXT } from './labels';

export interface DownloadProgress {
  /** Data rows received so far (the header not counted). */
  rows: number;
  /** Rows the server announced; null until it has. */
  total: number | null;
}


function announcedTotal(headers: Headers): number | null {
  const total = Number.parseInt(headers.get(TOTAL_COUNT_HEADER) ?? '', 10);
  return Number.isFinite(total) && total >= 0 ? total : null;
}

export function useExportDownload() {
  const notify = useNotify();
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [error, setError] = useState<unknown>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const start = async (selection: ExportSelection & { name: string }) => {
    if (controller.current) return;
    const abort = new AbortController();
    controller.current = abort;
    setError(null);
    setProgress({ rows: 0, total: null });
    const counter = csvRowCounter();
    let total: number | null = null;
    try {
      const file = await downloadExportCsv(selection, {
        signal: abort.signal,
        onHeaders: (headers) => {
          total = announcedTotal(headers);
          setProgress({ rows: 0, total });
        },
        onChunk: (piece) => setProgress({ rows: counter.push(piece), total }),
      });
      const fileName = file.fileName ?? exportFileName(selection.name, selection.range);
      saveFile(file.blob, fileName);
      notify.success(EXPORT_TEXT.exported(counter.rows, fileName));
    } catch (failure) {
      if (abort.signal.aborted) notify.info(EXPORT_TEXT.cancelled);
      else setError(failure);
    } finally {
      controller.current = null;
      setProgress(null);
    }
  };

  return {
    start,
    cancel: () => controller.current?.abort(),
    progress,
    error,
    running: progress !== null,
  };
}

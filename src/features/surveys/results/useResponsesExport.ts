/**
 * The CSV export with progress: the server says how many rows will come (X-Total-Count) and
 * streams them; rows are counted as they arrive, then the file is saved under the server's name.
 */
import { useRef, useState } from 'react';
import { responsesCsvFileName, type ResponseFilters } from '@domain/survey/collection';
import { RESULTS_MESSAGES } from '@domain/survey/messages';
import { TOTAL_COUNT_HEADER } from '@domain/csv';
import { saveFile } from '@/lib/download';
import { useNotify } from '@/lib/notifications';
import { downloadResponsesCsv } from '../api/results';

/**
 * Counts the records of a CSV text fed in pieces: a line break ends a record only outside quotes,
 * since an answer may hold line breaks of its own. A doubled quote inside quotes flips the state
 * twice, so it needs no special case.
 */
export function csvRecordCounter() {
  let quoted = false;
  let records = 0;
  let pending = false;
  return {
    push(text: string): number {
      for (const char of text) {
        if (char === '"') quoted = !quoted;
        if (char === '\n' && !quoted) {
          records += 1;
          pending = false;
        } else if (char !== '\r') pending = true;
      }
      return records;
    },
    /** Records including a last one without a final line break. */
    finish(): number {
      return records + (pending ? 1 : 0);
    },
  };
}

export interface ExportProgress {
  /** Data rows received so far (the header not counted). */
  rows: number;
  /** Rows the server announced; null when it did not say. */
  total: number | null;
}

export function useResponsesExport(surveyId: string, surveyName: string) {
  const notify = useNotify();
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const running = useRef(false);

  const start = async (filters: ResponseFilters) => {
    if (running.current) return;
    running.current = true;
    setProgress({ rows: 0, total: null });
    const decoder = new TextDecoder();
    const counter = csvRecordCounter();
    let total: number | null = null;
    const rowsOf = (records: number) => Math.max(records - 1, 0);
    try {
      const file = await downloadResponsesCsv(surveyId, filters, {
        onHeaders: (headers) => {
          const announced = Number.parseInt(headers.get(TOTAL_COUNT_HEADER) ?? '', 10);
          total = Number.isFinite(announced) && announced >= 0 ? announced : null;
          setProgress({ rows: 0, total });
        },
        onChunk: (chunk) => setProgress({ rows: rowsOf(counter.push(decoder.decode(chunk, { stream: true }))), total }),
      });
      counter.push(decoder.decode());
      const rows = rowsOf(counter.finish());
      setProgress({ rows, total });
      saveFile(file.blob, file.fileName ?? responsesCsvFileName(surveyName, new Date()));
      notify.success(RESULTS_MESSAGES.exported(rows));
    } catch (error) {
      console.warn('The export failed', error);
      notify.error(RESULTS_MESSAGES.exportFailed);
    } finally {
      running.current = false;
      setProgress(null);
    }
  };

  return { start, progress, running: progress !== null };
}

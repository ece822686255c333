/**
 * What the import dialog's progress bar shows, from the server's progress lines (and, before the
 * first one arrives, the browser's count of bytes sent). Receiving and reading the file fill the
 * first half of the bar, storing the rows the second; a dry run stores nothing, so reading fills it.
 */
import type { ImportEvent } from '@domain/data/imports';

export type ProgressLine = Extract<ImportEvent, { type: 'progress' }>;

export interface UploadCount {
  sent: number;
  total: number | null;
}

export interface ProgressView {
  /** 0 to 100, for a determinate bar. */
  percent: number;
  /** Which step is running, in words. */
  phase: string;
  /** The counts behind the percentage. */
  detail: string;
}

const count = (value: number) => value.toLocaleString('en-US');

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const fraction = (done: number, total: number | null | undefined) => (total && total > 0 ? Math.min(1, done / total) : 0);

export function progressView(line: ProgressLine | null, upload: UploadCount | null, dryRun: boolean): ProgressView {
  const readShare = dryRun ? 100 : 50;
  if (!line) {
    const sent = upload?.sent ?? 0;
    const total = upload?.total ?? null;
    return {
      percent: Math.round(fraction(sent, total) * readShare),
      phase: 'Sending the file',
      detail: total ? `${formatBytes(sent)} of ${formatBytes(total)}` : formatBytes(sent),
    };
  }
  // The server counts the whole request body; without its total, the browser's is the next best.
  const bytesTotal = line.bytesTotal ?? upload?.total ?? null;
  const bytesShare = Math.round(fraction(line.bytesReceived, bytesTotal) * readShare);
  if (line.phase === 'storing') {
    return {
      percent: Math.round(50 + fraction(line.rowsStored, line.rowsParsed) * 50),
      phase: 'Storing records',
      detail: `${count(line.rowsStored)} of ${count(line.rowsParsed)} rows stored`,
    };
  }
  if (line.phase === 'parsing') {
    return {
      percent: bytesShare,
      phase: dryRun ? 'Checking rows' : 'Reading rows',
      detail: `${count(line.rowsParsed)} rows ${dryRun ? 'checked' : 'read'}`,
    };
  }
  return {
    percent: bytesShare,
    phase: 'Receiving the file',
    detail: bytesTotal ? `${formatBytes(line.bytesReceived)} of ${formatBytes(bytesTotal)}` : formatBytes(line.bytesReceived),
  };
}

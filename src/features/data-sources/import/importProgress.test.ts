import { describe, expect, it } from 'vitest';
import { formatBytes, progressView, type ProgressLine } from './importProgress';

const line = (changes: Partial<ProgressLine>): ProgressLine => ({
  type: 'progress',
  phase: 'receiving',
  bytesReceived: 0,
  bytesTotal: 4 * 1024 * 1024,
  rowsParsed: 0,
  rowsStored: 0,
  ...changes,
});

describe('progressView', () => {
  it('counts the bytes the browser has sent until the server reports', () => {
    expect(progressView(null, { sent: 1024 * 1024, total: 4 * 1024 * 1024 }, false)).toEqual({
      percent: 13,
      phase: 'Sending the file',
      detail: '1.0 MB of 4.0 MB',
    });
  });

  it('fills the first half while the file is received and read, the second while rows are stored', () => {
    expect(progressView(line({ bytesReceived: 2 * 1024 * 1024 }), null, false)).toMatchObject({ percent: 25, phase: 'Receiving the file' });
    expect(progressView(line({ phase: 'parsing', bytesReceived: 4 * 1024 * 1024, rowsParsed: 12_345 }), null, false)).toEqual({
      percent: 50,
      phase: 'Reading rows',
      detail: '12,345 rows read',
    });
    expect(progressView(line({ phase: 'storing', bytesReceived: 4 * 1024 * 1024, rowsParsed: 1_000, rowsStored: 750 }), null, false)).toEqual({
      percent: 88,
      phase: 'Storing records',
      detail: '750 of 1,000 rows stored',
    });
  });

  it('lets reading fill the whole bar in a dry run, which stores nothing', () => {
    expect(progressView(line({ phase: 'parsing', bytesReceived: 3 * 1024 * 1024, rowsParsed: 90 }), null, true)).toEqual({
      percent: 75,
      phase: 'Checking rows',
      detail: '90 rows checked',
    });
  });

  it("falls back on the browser's total when the server does not know the body's size", () => {
    const view = progressView(line({ bytesTotal: null, bytesReceived: 512 }), { sent: 1024, total: 1024 }, false);
    expect(view).toEqual({ percent: 25, phase: 'Receiving the file', detail: '512 B of 1.0 KB' });
  });
});

describe('formatBytes', () => {
  it('uses B, KB and MB', () => {
    expect([formatBytes(900), formatBytes(1536), formatBytes(10 * 1024 * 1024)]).toEqual(['900 B', '1.5 KB', '10.0 MB']);
  });
});

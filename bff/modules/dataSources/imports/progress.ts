/**
 * The progress an import reports while it works (Accept: application/x-ndjson): bytes received,
 * rows parsed, rows stored. An event goes out when the phase changes, every 5% of the bytes, or
 * every 2,000 rows parsed or stored, whichever comes first.
 */
import type { ImportEvent } from '@domain/data/imports';

type Phase = Extract<ImportEvent, { type: 'progress' }>['phase'];
export type ProgressEvent = Extract<ImportEvent, { type: 'progress' }>;

const BYTES_STEP = 0.05;
const ROWS_STEP = 2_000;

export class ImportProgress {
  phase: Phase = 'receiving';
  bytesReceived = 0;
  rowsParsed = 0;
  rowsStored = 0;
  private sent = { bytes: 0, parsed: 0, stored: 0, phase: '' };

  constructor(
    readonly bytesTotal: number | null,
    private readonly emit: ((event: ProgressEvent) => void) | null,
  ) {}

  received(bytes: number): void {
    this.bytesReceived += bytes;
    this.report();
  }

  parsed(rows: number): void {
    this.rowsParsed += rows;
    this.report();
  }

  stored(rows: number): void {
    this.rowsStored += rows;
    this.report();
  }

  enter(phase: Phase): void {
    if (this.phase === phase) return;
    this.phase = phase;
    this.report();
  }

  /** Sends the figures as they stand, if they changed since the last event (the bar reaches its end). */
  settle(): void {
    this.report(true);
  }

  private report(settling = false): void {
    if (!this.emit) return;
    const { sent } = this;
    const byteStep = this.bytesTotal ? this.bytesTotal * BYTES_STEP : Number.POSITIVE_INFINITY;
    const changed = sent.bytes !== this.bytesReceived || sent.parsed !== this.rowsParsed || sent.stored !== this.rowsStored;
    const due =
      (settling && changed) ||
      sent.phase !== this.phase ||
      this.bytesReceived - sent.bytes >= byteStep ||
      this.rowsParsed - sent.parsed >= ROWS_STEP ||
      this.rowsStored - sent.stored >= ROWS_STEP;
    if (!due) return;
    this.sent = { bytes: this.bytesReceived, parsed: this.rowsParsed, stored: this.rowsStored, phase: this.phase };
    this.emit({
      type: 'progress',
      phase: this.phase,
      bytesReceived: this.bytesReceived,
      bytesTotal: this.bytesTotal,
      rowsParsed: this.rowsParsed,
      rowsStored: this.rowsStored,
    });
  }
}

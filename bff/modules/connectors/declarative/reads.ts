/**
 * The reads of a declarative stream, page after page until the paginator finds no next one: a
 * read in windows (a stepped DatetimeBasedCursor), a read by a value that grows
 * (IncrementingValueCursor), and the plain read with or without a date-time cursor. Each yields a
 * page's records with the cursor the next run starts from, and stops a read that never ends.
 */
import type { DatetimeBasedCursor, IncrementingValueCursor } from '@domain/data/connectorManifest/types';
import { ConnectorError, type ConnectorBatch, type ConnectorContext } from '../types';
import { isRecordObject, pick } from '../shared';
import { readCheckpoint, writeCheckpoint } from './checkpoint';
import { durationMs, formatPoint, later, recordPoint, requestedStart, storedPoint, type CursorPoint } from './cursor';
import type { Definition } from './definition';
import { requestPage } from './pages';
import { firstToken, nextToken, sameToken, tokenOfValue, tokenValue } from './pagination';
import { mappedRecords, seenKeys, selectRecords } from './records';
import type { Run } from './run';
import { valueRun } from './valueCursor';
import { firstStart, lastEnd, readWindows, sentEnd } from './windows';

/**
 * A read in windows (incremental_sync.step): each window paged from its first page; the cursor
 * moves to a window's end once its last page is read, so a window without records counts as read.
 * A read taken over continues at its checkpoint's window and page, with the same windows.
 */
export async function* steppedRead(definition: Definition, run: Run, context: ConnectorContext, cursor: DatetimeBasedCursor): AsyncGenerator<ConnectorBatch> {
  const { manifest, maxPages } = definition;
  const resumed = readCheckpoint(context.checkpoint);
  const started = resumed ? resumed.from : context.cursor;
  const now = resumed?.until ?? lastEnd(cursor, run.scope, Date.now());
  const stored = storedPoint(cursor.datetime_format, started, cursor.cursor_datetime_formats);
  const from = typeof stored === 'number' ? stored - durationMs(cursor.lookback_window) : firstStart(cursor, run.scope, now);
  const sent = cursor.request_datetime_format ?? cursor.datetime_format;
  const seen = seenKeys(definition);
  let reached = resumed ? resumed.reached : context.cursor;
  let pages = 0;
  const windows = readWindows(from, now, cursor.step);
  for (const [index, [start, end]] of windows.entries()) {
    if (resumed?.window !== undefined && start < resumed.window) continue;
    const last = index === windows.length - 1;
    let token = (resumed?.window === start ? resumed.token : null) ?? firstToken(manifest);
    for (;;) {
      pages += 1;
      if (pages > maxPages) throw new ConnectorError(`${manifest.name} answered more than ${maxPages} pages: stopping so the sync does not loop.`);
      const answer = await requestPage(definition, run, context, { token, start: formatPoint(sent, start), end: formatPoint(sent, sentEnd(cursor, start, end, last)) });
      const selected = selectRecords(definition, answer);
      const records = await mappedRecords(definition, selected, run, seen);
      const next = answer.ignored ? null : nextToken(manifest, token, answer, selected);
      if (!next) reached = formatPoint(cursor.datetime_format, end);
      const checkpoint = next ? { token: next, window: start } : last ? null : { token: null, window: end };
      yield { records, cursor: reached, checkpoint: checkpoint && writeCheckpoint({ from: started, reached, until: now, ...checkpoint }) };
      if (!next) break;
      if (sameToken(next, token)) throw new ConnectorError(`${manifest.name} kept answering the same page: stopping so the sync does not loop.`);
      token = next;
    }
  }
}

/**
 * A read by a value that grows (IncrementingValueCursor): records below the run's start dropped,
 * the largest value kept, and each page's state naming the next page, so a run taken up again
 * continues there (its checkpoint is that state too, so a read in partitions continues there as well).
 */
export async function* valueRead(definition: Definition, run: Run, context: ConnectorContext, cursor: IncrementingValueCursor): AsyncGenerator<ConnectorBatch> {
  const { manifest, maxPages } = definition;
  const progress = valueRun(cursor.cursor_field, context.checkpoint ?? context.cursor);
  const start = progress.since === null ? null : String(progress.since);
  const seen = seenKeys(definition);
  let token = tokenOfValue(manifest, progress.resumeAt) ?? firstToken(manifest);
  for (let page = 0; ; page += 1) {
    if (page >= maxPages) throw new ConnectorError(`${manifest.name} answered more than ${maxPages} pages: stopping so the sync does not loop.`);
    const answer = await requestPage(definition, run, context, { token, start });
    const selected = selectRecords(definition, answer);
    const records = await mappedRecords(definition, selected.filter((each) => progress.admit(each)), run, seen);
    const next = answer.ignored ? null : nextToken(manifest, token, answer, selected);
    const state = progress.stateAfter(next ? tokenValue(next) : null);
    yield { records, cursor: state, checkpoint: next ? state : null };
    if (!next) return;
    if (sameToken(next, token)) throw new ConnectorError(`${manifest.name} kept answering the same page: stopping so the sync does not loop.`);
    token = next;
  }
}

/**
 * A read from its first page to its last, with a date-time cursor (DatetimeBasedCursor without a
 * step) or without any. The cursor comes from the newest record read, or from `runStarted` when
 * the manifest says run_start. A read taken over continues at its checkpoint's page, asking from
 * the same start.
 */
export async function* pagedRead(
  definition: Definition,
  run: Run,
  context: ConnectorContext,
  incremental: DatetimeBasedCursor | undefined,
  runStarted: number,
): AsyncGenerator<ConnectorBatch> {
  const { manifest, maxPages, passThrough } = definition;
  const resumed = readCheckpoint(context.checkpoint);
  const started = resumed ? resumed.from : context.cursor;
  const since = incremental ? storedPoint(incremental.datetime_format, started, incremental.cursor_datetime_formats) : null;
  const fromRecords = incremental && incremental.cursor_source !== 'run_start' ? incremental : null;
  // A cursor from the run's start: the next run asks from when this one began, whatever the records say.
  let newest: CursorPoint | null = fromRecords ? since : incremental ? runStarted : null;
  if (incremental && resumed?.reached) newest = storedPoint(incremental.datetime_format, resumed.reached, incremental.cursor_datetime_formats) ?? newest;
  const start = incremental && since !== null ? requestedStart(incremental, since) : null;
  const seen = seenKeys(definition);
  let token = resumed ? resumed.token : firstToken(manifest);
  for (let page = 0; ; page += 1) {
    if (page >= maxPages) throw new ConnectorError(`${manifest.name} answered more than ${maxPages} pages: stopping so the sync does not loop.`);
    const answer = await requestPage(definition, run, context, { token, start });
    const selected = selectRecords(definition, answer);
    const kept: Array<Record<string, unknown>> = [];
    for (const vendorRecord of selected) {
      if (!isRecordObject(vendorRecord)) {
        if (passThrough) kept.push(vendorRecord as Record<string, unknown>);
        continue;
      }
      if (fromRecords) {
        const point = recordPoint(fromRecords.datetime_format, pick(vendorRecord, fromRecords.cursor_field!), fromRecords.cursor_datetime_formats);
        // Read again from the cursor's own instant on, as a vendor's filter would: a same-instant change is not lost.
        if (fromRecords.is_client_side_incremental && since !== null && point !== null && point < since) continue;
        newest = later(newest, point);
      }
      kept.push(vendorRecord);
    }
    const records = await mappedRecords(definition, kept, run, seen);
    const next = answer.ignored ? null : nextToken(manifest, token, answer, selected);
    const reached = incremental && newest !== null ? formatPoint(incremental.datetime_format, newest) : null;
    // Records not in order of change move the cursor only once the last page is read.
    const cursor = incremental?.checkpoint === 'end' && next ? started : reached;
    yield { records, cursor, checkpoint: next ? writeCheckpoint({ from: started, token: next, reached }) : null };
    if (!next) return;
    if (sameToken(next, token)) throw new ConnectorError(`${manifest.name} kept answering the same page: stopping so the sync does not loop.`);
    token = next;
  }
}

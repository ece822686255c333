/**
 * A declarative connector's connection check: one small page of the stream (CheckStream), or a
 * GET of the manifest's check path that must answer with the field it names.
 */
import { ConnectorError, type ConnectorContext } from '../types';
import { pick } from '../shared';
import { durationMs, formatPoint } from './cursor';
import type { Definition } from './definition';
import { requestPage } from './pages';
import { firstToken } from './pagination';
import { selectRecords } from './records';
import { call, render } from './requests';
import { beginRun } from './run';
import { readWindows, sentEnd } from './windows';

export async function checkConnection(definition: Definition, context: ConnectorContext): Promise<void> {
  const { manifest, stream, readError } = definition;
  const check = manifest.check;
  const run = await beginRun(definition, context, check.type === 'CheckStream');
  if (check.type === 'CheckStream') {
    // A vendor read in windows may refuse a request without one: the check asks for the last window.
    const cursor = stream.incremental_sync?.type === 'DatetimeBasedCursor' ? stream.incremental_sync : undefined;
    const now = Date.now();
    const window = cursor?.step ? readWindows(now - durationMs(cursor.step), now, cursor.step)[0] : cursor?.windowed ? ([now - 86_400_000, now] as [number, number]) : undefined;
    const sent = cursor?.request_datetime_format ?? cursor?.datetime_format ?? 'iso8601';
    const range = window && cursor ? { start: formatPoint(sent, window[0]), end: formatPoint(sent, sentEnd(cursor, window[0], window[1], true)) } : { start: null };
    const answer = await requestPage(definition, run, context, { token: firstToken(manifest), ...range, pageSize: check.page_size ?? 1 });
    selectRecords(definition, answer);
    return;
  }
  const search = new URLSearchParams();
  for (const [name, template] of Object.entries(check.request_parameters ?? {})) {
    const value = render(template, run.scope);
    if (value) search.append(name, value);
  }
  for (const [name, value] of run.auth.query) search.append(name, value);
  const path = render(check.path, run.scope, encodeURIComponent);
  const url = `${run.base}${path}${search.size ? `?${search.toString()}` : ''}`;
  const answer = await call(context, manifest.name, url, { method: 'GET', headers: { ...run.auth.headers } }, readError, run.wait);
  if (check.expect_path && (pick(answer.body, check.expect_path) === undefined || pick(answer.body, check.expect_path) === null)) {
    throw new ConnectorError(`${manifest.name} answered without ${check.expect_path}: the base URL may point at something else.`);
  }
}

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from './apiClient';
import { uploadWithProgress } from './uploadWithProgress';
import { STORAGE_KEYS } from './storage';
import { installFakeXhr, type FakeXhr, type FakeXhrControl } from './testing/mockXhr';

type Line =
  | { type: 'progress'; rows: number }
  | { type: 'result'; status: number; body: { stored: number } }
  | { type: 'error'; status: number; body: { error: string; message: string; code: string; report?: unknown } };

let fake: FakeXhrControl;
beforeEach(() => {
  fake = installFakeXhr();
});
afterEach(() => fake());

const request = (): FakeXhr => {
  const xhr = fake.requests.at(-1);
  if (!xhr) throw new Error('No request was sent');
  return xhr;
};

function form() {
  const body = new FormData();
  body.append('options', JSON.stringify({ dryRun: false }));
  body.append('file', new Blob(['id,email\n1,a@example.com\n'], { type: 'text/csv' }), 'people.csv');
  return body;
}

describe('uploadWithProgress', () => {
  it('sends the form with the bearer token and hands on each line as it arrives, split lines included', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'token-u-alice');
    const lines: Line[] = [];
    const sent: Array<[number, number | null]> = [];
    const body = form();
    const done = uploadWithProgress<{ stored: number }, Line>('/api/data-sources/import', body, {
      query: { companyFilter: 'c-acme' },
      onLine: (line) => lines.push(line),
      onUploadProgress: (loaded, total) => sent.push([loaded, total]),
    });
    const xhr = request();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/data-sources/import?companyFilter=c-acme');
    expect(xhr.headers.Authorization).toBe('Bearer token-u-alice');
    expect(xhr.headers.Accept).toContain('application/x-ndjson');
    expect(xhr.body).toBe(body);

    xhr.sendUploadProgress(10, 40);
    xhr.sendUploadProgress(40, 40);
    expect(sent).toEqual([
      [10, 40],
      [40, 40],
    ]);

    xhr.respond(200, 'application/x-ndjson; charset=utf-8');
    xhr.receive('{"type":"progress","rows":1}\n{"type":"prog');
    expect(lines).toEqual([{ type: 'progress', rows: 1 }]);
    xhr.receive('ress","rows":2}\n\n');
    expect(lines).toHaveLength(2);
    // The final line may come without a newline after it.
    xhr.receive('{"type":"result","status":200,"body":{"stored":2}}');
    xhr.finish();

    await expect(done).resolves.toEqual({ stored: 2 });
    expect(lines.map((line) => line.type)).toEqual(['progress', 'progress', 'result']);
  });

  it("rejects with an ApiError carrying the final 'error' line's status, code and body", async () => {
    const done = uploadWithProgress<{ stored: number }, Line>('/api/data-sources/import', form());
    const xhr = request();
    xhr.respond(200, 'application/x-ndjson');
    const report = { errorCount: 2 };
    xhr.receive(
      `${JSON.stringify({ type: 'progress', rows: 10 })}\n${JSON.stringify({
        type: 'error',
        status: 400,
        body: { error: 'Some rows are not valid', message: 'Fix the rows listed in the report.', code: 'import_rows_invalid', report },
      })}\n`,
    );
    xhr.finish();

    const error = await done.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(400);
    expect(apiError.code).toBe('import_rows_invalid');
    expect(apiError.message).toBe('Some rows are not valid');
    expect((apiError.body as { report: unknown }).report).toEqual(report);
  });

  it('reads an answer that is not streamed as plain JSON (a 413 or 401 before the route runs)', async () => {
    const done = uploadWithProgress('/api/data-sources/import', form());
    const xhr = request();
    xhr.respond(413, 'application/json');
    xhr.receive(JSON.stringify({ error: 'File too large', message: 'The file must be at most 10 MB.', code: 'import_too_large' }));
    xhr.finish();
    await expect(done).rejects.toMatchObject({ name: 'ApiError', status: 413, code: 'import_too_large' });
  });

  it('resolves a plain 2xx JSON answer with its body', async () => {
    const done = uploadWithProgress<{ fileName: string }>('/api/data-sources/import/preview', form());
    const xhr = request();
    xhr.respond(200, 'application/json');
    xhr.receive('{"fileName":"people.csv"}');
    xhr.finish();
    await expect(done).resolves.toEqual({ fileName: 'people.csv' });
  });

  it('rejects with a NetworkError when the stream ends without a final line, or the connection fails', async () => {
    const cut = uploadWithProgress('/api/data-sources/import', form());
    const first = request();
    first.respond(200, 'application/x-ndjson');
    first.receive('{"type":"progress","rows":1}\n');
    first.finish();
    await expect(cut).rejects.toBeInstanceOf(NetworkError);

    const failed = uploadWithProgress('/api/data-sources/import', form());
    request().fail();
    await expect(failed).rejects.toMatchObject({ name: 'NetworkError', timedOut: false });
  });

  it('aborts the request when the signal fires, and sends nothing when it already has', async () => {
    const controller = new AbortController();
    const lines: unknown[] = [];
    const done = uploadWithProgress('/api/data-sources/import', form(), { signal: controller.signal, onLine: (line) => lines.push(line) });
    const xhr = request();
    controller.abort();
    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
    expect(xhr.done).toBe(true);
    // Nothing that arrives after the abort is handed on.
    xhr.respond(200, 'application/x-ndjson');
    xhr.receive('{"type":"progress","rows":1}\n');
    expect(lines).toEqual([]);

    const before = fake.requests.length;
    await expect(uploadWithProgress('/api/data-sources/import', form(), { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(fake.requests).toHaveLength(before);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from './apiClient';
import { downloadFile, fileNameOf } from './download';
import { STORAGE_KEYS } from './storage';
import { failure, mockFetch, type RestoreFetch } from './testing/mockFetch';

describe('fileNameOf', () => {
  it.each([
    ['attachment; filename="store_visit_responses_2026-03-07.csv"', 'store_visit_responses_2026-03-07.csv'],
    ['attachment; filename=plain.csv', 'plain.csv'],
    [`attachment; filename="fallback.csv"; filename*=UTF-8''caf%C3%A9_responses.csv`, 'café_responses.csv'],
    ['attachment; filename="say \\"hi\\".csv"', 'say "hi".csv'],
    ['attachment', null],
    [null, null],
  ])('reads %s as %s', (header, name) => {
    expect(fileNameOf(header)).toBe(name);
  });
});

describe('downloadFile', () => {
  let restore: RestoreFetch | undefined;
  afterEach(() => restore?.());

  it('sends the token and the query, reports every piece, and returns the whole file with its name', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'token-alice');
    restore = mockFetch({
      'GET /api/files/export': {
        text: ['a,b\r\n', '1,2\r\n', '3,4\r\n'],
        headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="rows.csv"', 'X-Total-Count': '2' },
      },
    });
    const pieces: string[] = [];
    let total: string | null = null;
    const file = await downloadFile('/api/files/export', {
      query: { deviceType: 'mobile', search: undefined },
      onHeaders: (headers) => (total = headers.get('X-Total-Count')),
      onChunk: (chunk) => pieces.push(new TextDecoder().decode(chunk)),
    });
    expect(pieces).toEqual(['a,b\r\n', '1,2\r\n', '3,4\r\n']);
    expect(total).toBe('2');
    expect(file.fileName).toBe('rows.csv');
    // jsdom's Blob cannot be read back; its size and type say it holds every piece.
    expect(file.blob.size).toBe('a,b\r\n1,2\r\n3,4\r\n'.length);
    expect(file.blob.type).toBe('text/csv');
    expect(restore.calls[0]).toMatchObject({ query: { deviceType: 'mobile' }, headers: { Authorization: 'Bearer token-alice' } });
  });

  it('rejects with the server’s error', async () => {
    restore = mockFetch({ 'GET /api/files/export': failure('not_found', { message: 'Survey not found' }) });
    const error = await downloadFile('/api/files/export').catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'not_found' });
  });
});

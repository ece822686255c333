import { describe, expect, it } from 'vitest';
import { OPENAPI_DOCUMENT } from '../fixtures';
import { codeSample, KEY_PLACEHOLDER } from './codeSamples';
import { apiBaseUrl, documentedOperations } from './openApi';

const operations = documentedOperations(OPENAPI_DOCUMENT);
const predict = operations.find((operation) => operation.path === '/v1/predict')!;
const base = apiBaseUrl('https://app.navout.example');

describe('the documented operations', () => {
  it('lists predict, events and items with the examples of the document', () => {
    expect(operations.map((operation) => `${operation.method} ${operation.path}`)).toEqual([
      'POST /v1/predict',
      'POST /v1/events',
      'PUT /v1/items',
      'GET /v1/usage',
    ]);
    expect(predict.requestExample).toEqual(OPENAPI_DOCUMENT.paths['/v1/predict'].post?.requestBody?.content?.['application/json'].example);
    expect(predict.responseExample).toMatchObject({ model: expect.stringMatching(/^discovery@settings/) });
  });
});

describe('the code examples', () => {
  it('call the real base URL with the key header in every language', () => {
    for (const language of ['python', 'java', 'curl', 'node'] as const) {
      const code = codeSample(language, predict, base);
      expect(code).toContain('https://app.navout.example/api/v1/predict');
      expect(code).toContain('X-API-Key');
      expect(code).toContain(KEY_PLACEHOLDER);
    }
  });

  it('write the body as Python literals for Python and as JSON elsewhere', () => {
    const python = codeSample('python', predict, base);
    expect(python).toContain('"query": "trail running shoes"');
    expect(python).toContain('"available": True');
    expect(python).not.toMatch(/\btrue\b|\bnull\b/);
    expect(codeSample('curl', predict, base)).toContain(`-d '${JSON.stringify(predict.requestExample, null, 2)}'`);
  });

  it('send no body for an operation without a request example', () => {
    const usage = operations.find((operation) => operation.path === '/v1/usage')!;
    expect(codeSample('curl', usage, base)).not.toContain('-d ');
    expect(codeSample('java', usage, base)).toContain('BodyPublishers.noBody()');
  });
});

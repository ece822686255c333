/**
 * The OpenAPI document as lint sees it: valid OpenAPI 3.1 (swagger-parser), and clear of what
 * Redocly's recommended ruleset warns about (https://redocly.com/docs/cli/rules/recommended):
 * info-license and info-license-strict, tag-description, no-duplicated-tag-names,
 * operation-operationId, operation-summary, operation-2xx-response, operation-4xx-response,
 * no-empty-servers, no-server-example.com, no-server-trailing-slash, no-unused-components,
 * no-required-schema-properties-undefined, and no-invalid-media-type-examples with its default of
 * no properties a schema does not name. tests/bff/openapi-examples.test.ts runs the examples.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { API_ERRORS, type ErrorCode } from '@domain/errors';
import { buildOpenApiDocument } from './openapi';

type Json = Record<string, unknown>;
interface MediaType {
  schema?: Json;
  example?: unknown;
  examples?: Record<string, { summary?: string; value?: unknown }>;
}
interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  requestBody?: { content: Record<string, MediaType> };
  responses: Record<string, { description?: string; content?: Record<string, MediaType> }>;
}
interface Document {
  openapi: string;
  info: { title: string; version: string; license?: { name: string; url?: string; identifier?: string } };
  servers: Array<{ url: string }>;
  tags: Array<{ name: string; description?: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Json>; securitySchemes: Record<string, Json> };
  security: Array<Record<string, string[]>>;
}

const PUBLIC_URL = 'https://navout.acme-retail.test/';
const document = buildOpenApiDocument(PUBLIC_URL) as unknown as Document;
const operations = Object.entries(document.paths).flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ where: `${method.toUpperCase()} ${path}`, operation })));

/** Every media type of the document (request bodies and answers) with where it is. */
function mediaTypes(doc: Document): Array<{ where: string; media: MediaType }> {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).flatMap(([method, operation]) => [
      ...Object.values(operation.requestBody?.content ?? {}).map((media) => ({ where: `${method.toUpperCase()} ${path} request`, media })),
      ...Object.entries(operation.responses).flatMap(([status, response]) => Object.values(response.content ?? {}).map((media) => ({ where: `${method.toUpperCase()} ${path} ${status}`, media }))),
    ]),
  );
}

const examplesOf = (media: MediaType): Array<[string, unknown]> =>
  media.example !== undefined ? [['example', media.example]] : Object.entries(media.examples ?? {}).map(([name, example]) => [name, example.value]);

/** The schema as no-invalid-media-type-examples reads it by default: an object takes only the properties it names. */
function closed(schema: unknown, seen = new WeakMap<object, unknown>()): unknown {
  if (Array.isArray(schema)) return schema.map((entry) => closed(entry, seen));
  if (!schema || typeof schema !== 'object') return schema;
  if (seen.has(schema)) return seen.get(schema);
  const copy: Json = {};
  seen.set(schema, copy);
  for (const [key, value] of Object.entries(schema)) copy[key] = key === 'properties' ? Object.fromEntries(Object.entries(value as Json).map(([name, entry]) => [name, closed(entry, seen)])) : closed(value, seen);
  if (copy.properties && copy.additionalProperties === undefined) copy.additionalProperties = false;
  return copy;
}

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1 with every $ref resolved', async () => {
    expect(document.openapi).toBe('3.1.0');
    // swagger-parser dereferences the object it validates: it gets a copy.
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toMatchObject({ info: { title: 'Navout Prediction API' } });
  });

  it('names its license by SPDX identifier or URL, and describes every tag once', () => {
    expect(document.info.license).toMatchObject({ name: expect.any(String) });
    expect(document.info.license!.url ?? document.info.license!.identifier).toBeTruthy();
    const names = document.tags.map((tag) => tag.name);
    expect(new Set(names).size).toBe(names.length);
    for (const tag of document.tags) expect(tag.description?.length, tag.name).toBeGreaterThan(20);
  });

  it('has a server of its own, without a trailing slash', () => {
    expect(document.servers).toEqual([expect.objectContaining({ url: 'https://navout.acme-retail.test/api' })]);
    for (const server of document.servers) expect(server.url).not.toMatch(/example\.com|\/$/);
  });

  it('gives every operation a unique URL-safe operationId, a summary, a declared tag, a 2xx and a 4xx answer', () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(operations.length);
    const tags = new Set(document.tags.map((tag) => tag.name));
    for (const { where, operation } of operations) {
      expect(operation.operationId, where).toMatch(/^[A-Za-z0-9_.~-]+$/);
      expect(operation.summary, where).toBeTruthy();
      for (const tag of operation.tags ?? []) expect(tags.has(tag), `${where} tag ${tag}`).toBe(true);
      expect(Object.keys(operation.responses).some((status) => /^2/.test(status)), where).toBe(true);
      expect(Object.keys(operation.responses).some((status) => /^4/.test(status)), where).toBe(true);
      for (const response of Object.values(operation.responses)) expect(response.description, where).toBeTruthy();
    }
    for (const requirement of document.security) for (const name of Object.keys(requirement)) expect(document.components.securitySchemes).toHaveProperty([name]);
  });

  it('uses every component schema and defines every required property', () => {
    const text = JSON.stringify({ paths: document.paths, components: document.components });
    for (const name of Object.keys(document.components.schemas)) expect(text, name).toContain(`"#/components/schemas/${name}"`);
    const walk = (schema: unknown, where: string): void => {
      if (!schema || typeof schema !== 'object') return;
      const node = schema as Json;
      if (Array.isArray(node.required)) for (const field of node.required as string[]) expect(node.properties, `${where}.${field}`).toHaveProperty([field]);
      for (const [key, value] of Object.entries(node)) walk(value, `${where}.${key}`);
    };
    walk(document.components.schemas, 'components.schemas');
  });

  it('has examples valid for their schemas, naming no property a schema does not', async () => {
    const dereferenced = (await SwaggerParser.dereference(structuredClone(document) as never)) as unknown as Document;
    const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
    addFormats(ajv);
    let checked = 0;
    for (const { where, media } of mediaTypes(dereferenced)) {
      const validate = ajv.compile(closed(media.schema) as Json);
      for (const [name, value] of examplesOf(media)) {
        expect(validate(value) ? [] : validate.errors, `${where} ${name}`).toEqual([]);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(15);
  });

  it('documents each error under the status the API answers it with, in its own words', () => {
    for (const { where, operation } of operations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (/^2/.test(status)) continue;
        for (const [code, example] of examplesOf(response.content!['application/json']!)) {
          const definition = API_ERRORS[code as ErrorCode];
          expect(definition, `${where} ${status} ${code}`).toBeDefined();
          expect(definition.status, `${where} ${code}`).toBe(Number(status));
          expect(example).toEqual({ error: definition.error, message: definition.message, code });
        }
      }
    }
    // A call without a key is told where the key goes.
    expect(examplesOf(document.paths['/v1/predict']!.post!.responses['401']!.content!['application/json']!)).toContainEqual([
      'api_key_required',
      { error: 'API key required', message: 'Send an API key in the X-API-Key header.', code: 'api_key_required' },
    ]);
  });
});

/**
 * Reading the prediction API's OpenAPI 3.1 document: the operations it describes and the request
 * and response examples it carries. Only the parts the Documentation tab shows are typed; the
 * document itself is the server's (GET /api/v1/openapi.json).
 */
export interface MediaType {
  example?: unknown;
  examples?: Record<string, { summary?: string; value?: unknown }>;
}

export interface OpenApiOperation {
  summary?: string;
  description?: string;
  operationId?: string;
  requestBody?: { content?: Record<string, MediaType> };
  responses?: Record<string, { description?: string; content?: Record<string, MediaType> }>;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  servers?: Array<{ url: string }>;
  paths: Record<string, Partial<Record<HttpMethod, OpenApiOperation>>>;
}

export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export interface DocumentedOperation {
  method: Uppercase<HttpMethod>;
  /** As the document writes it, e.g. /v1/predict. */
  path: string;
  summary: string;
  description: string | null;
  requestExample: unknown;
  /** The first 2xx answer's example. */
  responseExample: unknown;
}

function exampleOf(content: Record<string, MediaType> | undefined): unknown {
  const media = content?.['application/json'];
  if (!media) return undefined;
  if (media.example !== undefined) return media.example;
  const first = media.examples ? Object.values(media.examples)[0] : undefined;
  return first?.value;
}

function successExample(operation: OpenApiOperation): unknown {
  const codes = Object.keys(operation.responses ?? {})
    .filter((code) => code.startsWith('2'))
    .sort();
  for (const code of codes) {
    const example = exampleOf(operation.responses?.[code]?.content);
    if (example !== undefined) return example;
  }
  return undefined;
}

/** Every operation of the document, in its order, with its examples. */
export function documentedOperations(document: OpenApiDocument): DocumentedOperation[] {
  const operations: DocumentedOperation[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = item?.[method];
      if (!operation) continue;
      operations.push({
        method: method.toUpperCase() as Uppercase<HttpMethod>,
        path,
        summary: operation.summary ?? `${method.toUpperCase()} ${path}`,
        description: operation.description ?? null,
        requestExample: exampleOf(operation.requestBody?.content),
        responseExample: successExample(operation),
      });
    }
  }
  return operations;
}

/** The address integrators call: this dashboard's own origin and the API's base. */
export function apiBaseUrl(origin: string): string {
  return `${origin.replace(/\/$/, '')}/api`;
}

export const prettyJson = (value: unknown) => JSON.stringify(value, null, 2);

/**
 * The Live Test form and the predict request it becomes (data document, section 3 "Live test
 * request"): query, top_k, filters, metadata, and only the ticked custom attributes with a value,
 * each read as its declared type so the server checks what an integration would send.
 */
import { TOP_K_DEFAULT, TOP_K_MAX, TOP_K_MIN, type CustomAttribute, type CustomAttributeType, type FilterValue, type PredictRequest } from '@domain/prediction/contract';

export interface AttributeEntry {
  ticked: boolean;
  value: string;
}

export interface LiveTestForm {
  query: string;
  topK: string;
  /** JSON objects as typed; blank means none. */
  filters: string;
  metadata: string;
  /** By attribute name. */
  attributes: Record<string, AttributeEntry>;
}

export const BLANK_LIVE_TEST: LiveTestForm = { query: '', topK: String(TOP_K_DEFAULT), filters: '', metadata: '', attributes: {} };

export const LIVE_TEST_ERRORS = {
  topK: `Top K must be a whole number from ${TOP_K_MIN} to ${TOP_K_MAX}`,
  notObject: (field: string) => `${field} must be a JSON object, e.g. {"category": "Footwear"}`,
  attribute: (name: string, type: CustomAttributeType) => `${name} must be ${type === 'array' ? 'a JSON array' : type === 'object' ? 'a JSON object' : `a ${type}`}`,
} as const;

export type LiveTestErrors = Partial<Record<'topK' | 'filters' | 'metadata', string>> & { attributes?: Record<string, string> };

function jsonObject(text: string): Record<string, unknown> | null | undefined {
  if (text.trim() === '') return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** An attribute's text read as its type; undefined when it is not one. */
export function attributeValue(type: CustomAttributeType, text: string): unknown {
  const trimmed = text.trim();
  switch (type) {
    case 'string':
      return text;
    case 'number': {
      const number = Number(trimmed);
      return trimmed !== '' && Number.isFinite(number) ? number : undefined;
    }
    case 'boolean':
      return trimmed === 'true' ? true : trimmed === 'false' ? false : undefined;
    case 'array':
    case 'object': {
      try {
        const value: unknown = JSON.parse(trimmed);
        const fits = type === 'array' ? Array.isArray(value) : Boolean(value) && typeof value === 'object' && !Array.isArray(value);
        return fits ? value : undefined;
      } catch {
        return undefined;
      }
    }
  }
}

export type BuiltRequest = { ok: true; request: PredictRequest } | { ok: false; errors: LiveTestErrors };

export function buildPredictRequest(form: LiveTestForm, attributes: readonly CustomAttribute[]): BuiltRequest {
  const errors: LiveTestErrors = {};
  const topK = Number(form.topK);
  if (!/^\d+$/.test(form.topK.trim()) || topK < TOP_K_MIN || topK > TOP_K_MAX) errors.topK = LIVE_TEST_ERRORS.topK;
  const filters = jsonObject(form.filters);
  if (filters === null) errors.filters = LIVE_TEST_ERRORS.notObject('Filters');
  const metadata = jsonObject(form.metadata);
  if (metadata === null) errors.metadata = LIVE_TEST_ERRORS.notObject('Metadata');

  const customAttributes: Record<string, unknown> = {};
  for (const attribute of attributes) {
    const entry = form.attributes[attribute.name];
    if (!entry?.ticked || entry.value.trim() === '') continue;
    const value = attributeValue(attribute.type, entry.value);
    if (value === undefined) (errors.attributes ??= {})[attribute.name] = LIVE_TEST_ERRORS.attribute(attribute.name, attribute.type);
    else customAttributes[attribute.name] = value;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const request: PredictRequest = { query: form.query, top_k: topK };
  if (filters) request.filters = filters as Record<string, FilterValue>;
  if (metadata) request.metadata = metadata;
  if (Object.keys(customAttributes).length > 0) request.custom_attributes = customAttributes;
  return { ok: true, request };
}

/** A logged call's request back in the form (Replay), its custom attributes ticked. */
export function formFromRequest(request: PredictRequest): LiveTestForm {
  const attributes: Record<string, AttributeEntry> = {};
  for (const [name, value] of Object.entries(request.custom_attributes ?? {})) {
    attributes[name] = { ticked: true, value: typeof value === 'string' ? value : JSON.stringify(value) };
  }
  return {
    query: request.query ?? '',
    topK: String(request.top_k ?? TOP_K_DEFAULT),
    filters: request.filters ? JSON.stringify(request.filters, null, 2) : '',
    metadata: request.metadata ? JSON.stringify(request.metadata, null, 2) : '',
    attributes,
  };
}

/**
 * Custom connectors: a declarative definition a company admin brings (pasted or uploaded), checked
 * by parseManifest and then by the rules for untrusted definitions below. The dashboard runs the
 * same reader before sending, so an error names the same field on both sides.
 */
import * as yup from 'yup';
import { optionalId } from '../params';
import { MANIFEST_MAX_BYTES, ManifestError, parseManifest } from './connectorManifest/schema';
import type { ConnectorManifest } from './connectorManifest/types';

/** The catalogue id of the sources made from a custom connector. */
export const CUSTOM_CATALOGUE_PREFIX = 'custom:';
export const customCatalogueId = (connectorId: string) => `${CUSTOM_CATALOGUE_PREFIX}${connectorId}`;

/** A custom connector as the API answers it. */
export interface CustomConnectorView {
  id: string;
  companyId: string;
  name: string;
  /** The catalogue id its sources are connected with. */
  catalogueId: string;
  urlBase: string;
  definition: ConnectorManifest;
  createdAt: string;
  updatedAt: string;
}

/** The body of a create or an update: the definition as JSON text or as an object. */
export const customConnectorSchema = yup.object({
  companyId: optionalId(),
  definition: yup
    .mixed<string | object>()
    .test('definition', 'The definition must be JSON text or an object', (value) => typeof value === 'string' || (typeof value === 'object' && value !== null && !Array.isArray(value)))
    .required('A definition is required'),
});
export type CustomConnectorInput = yup.InferType<typeof customConnectorSchema>;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** JSON text as a value, refused before parsing when larger than any definition may be. */
function parseText(text: string): unknown {
  // Counted in characters first (cheap), the limit being in bytes of the checked JSON.
  if (text.length > MANIFEST_MAX_BYTES * 4) throw new ManifestError('', `a definition may be at most ${MANIFEST_MAX_BYTES / 1024} KB`);
  try {
    return JSON.parse(text) as unknown;
  } catch (failure) {
    throw new ManifestError('', `is not valid JSON (${failure instanceof Error ? failure.message : 'unreadable'}); YAML is not accepted, convert it to JSON first`);
  }
}

/**
 * Reads a definition brought by a company: JSON text or an object, checked as a manifest, with
 * none of the hooks built-in vendors may name (the allow-list for brought definitions is empty:
 * a definition cannot run code). Its catalogue_id is optional (its sources get their own).
 * Throws a ManifestError naming the field.
 */
export function readCustomDefinition(input: unknown): ConnectorManifest {
  let value = typeof input === 'string' ? parseText(input) : input;
  if (isObject(value) && !Object.hasOwn(value, 'catalogue_id')) value = { ...value, catalogue_id: 'custom' };
  const manifest = parseManifest(value);
  const stream = manifest.streams[0];
  const at = 'streams[0].retriever.requester.url_base';
  if (stream.retriever.requester.url_base.startsWith('hook:')) throw new ManifestError(at, 'cannot name a hook: a custom definition runs no code');
  if (stream.transformations?.length) throw new ManifestError('streams[0].transformations', 'cannot name a hook: a custom definition runs no code');
  if (manifest.error_handler?.hook) throw new ManifestError('error_handler.hook', 'cannot name a hook: a custom definition runs no code');
  return manifest;
}

/** The address a definition's url_base names when it is a fixed one (no template), for checking it early. */
export function fixedUrlBase(manifest: ConnectorManifest): string | null {
  const urlBase = manifest.streams[0].retriever.requester.url_base;
  return urlBase.includes('{{') ? null : urlBase;
}

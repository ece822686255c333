/**
 * A declarative connector's definition: the manifest checked (a bad one throws a ManifestError
 * naming the field), every hook it names found, and what each run reads of it worked out once.
 */
import { parseManifest } from '@domain/data/connectorManifest/schema';
import { DEFAULT_MAX_PAGES, type ConnectorManifest, type DeclarativeStream } from '@domain/data/connectorManifest/types';
import type { ConnectorResponse } from '../types';
import type { ErrorReader } from '../shared';
import { errorReader, jsonLines, type ManifestHooks, type Reading } from './requests';

export interface Definition {
  manifest: ConnectorManifest;
  /** The manifest's one stream. */
  stream: DeclarativeStream;
  hooks: ManifestHooks;
  readError: ErrorReader;
  /** Pages a read may ask for before it is stopped as a loop. */
  maxPages: number;
  /** How answers are decoded, which statuses are ignored and how a refusal is worded. */
  reading: Reading;
  /** Records kept as answered reach the store even when they are no objects: it refuses each with its reason, and the run counts it. */
  passThrough: boolean;
  /** A field given by its path alone keeps the JSON type the API answered (a custom connector's); otherwise it is read as text (a vendor's). */
  keepTypes: boolean;
}

/** How a manifest is run: `keepTypes` for a company's own definition (see Definition.keepTypes). */
export interface DefinitionOptions {
  keepTypes?: boolean;
}

function checkHooks(manifest: ConnectorManifest, hooks: ManifestHooks): void {
  const stream = manifest.streams[0];
  const missing = (kind: string, name: string) => new Error(`The ${manifest.name} manifest names the ${kind} hook "${name}", which does not exist.`);
  const url = stream.retriever.requester.url_base;
  if (url.startsWith('hook:') && !hooks.baseUrls?.[url.slice(5)]) throw missing('base URL', url.slice(5));
  for (const each of stream.transformations ?? []) if (each.type === 'NamedTransformation' && !hooks.transformations?.[each.name]) throw missing('transformation', each.name);
  const reader = manifest.error_handler?.hook;
  if (reader && !hooks.errorReaders?.[reader]) throw missing('error reader', reader);
  const decoder = stream.retriever.decoder;
  if (decoder?.type === 'NamedDecoder' && !hooks.decoders?.[decoder.name]) throw missing('decoder', decoder.name);
  const router = stream.retriever.partition_router;
  if (router?.type === 'NamedPartitionRouter' && !hooks.partitionRouters?.[router.name]) throw missing('partition router', router.name);
  const children = stream.child_records;
  if (children && !hooks.childRecords?.[children.name]) throw missing('child records', children.name);
  const wording = manifest.error_handler?.wording;
  if (wording && !hooks.wordings?.[wording]) throw missing('wording', wording);
}

export function definitionOf(input: unknown, hooks: ManifestHooks, options: DefinitionOptions = {}): Definition {
  const manifest = parseManifest(input);
  checkHooks(manifest, hooks);
  const stream = manifest.streams[0];
  const readError = errorReader(manifest.error_handler, hooks);
  const paginator = stream.retriever.paginator?.type === 'DefaultPaginator' ? stream.retriever.paginator : null;
  const decoder = stream.retriever.decoder;
  const decode =
    decoder?.type === 'JsonlDecoder'
      ? (response: ConnectorResponse) => jsonLines(response.text, manifest.name)
      : decoder?.type === 'NamedDecoder'
        ? (response: ConnectorResponse) => hooks.decoders![decoder.name]!(response, manifest.name)
        : undefined;
  const ignoreStatuses = (manifest.error_handler?.response_filters ?? []).flatMap((filter) => (filter.action === 'IGNORE' && !filter.predicate && !filter.error_message_contains ? (filter.http_codes ?? []) : []));
  const wording = manifest.error_handler?.wording ? hooks.wordings![manifest.error_handler.wording]! : undefined;
  return {
    manifest,
    stream,
    hooks,
    readError,
    maxPages: paginator?.max_pages ?? DEFAULT_MAX_PAGES,
    reading: { decode, ignoreStatuses, wording, handler: manifest.error_handler },
    passThrough: !stream.fields && !stream.transformations?.length && !stream.child_records,
    keepTypes: options.keepTypes ?? false,
  };
}

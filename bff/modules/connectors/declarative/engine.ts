/**
 * The one engine behind every declarative connector: a checked manifest
 * (src/domain/data/connectorManifest) becomes a Connector the sync runner uses like any other.
 * It pages through the vendor's answers (page number, offset, a cursor or a next URL), picks the
 * records out of each answer, maps them to the source's field names, keeps the incremental cursor
 * and stops a read that never ends. Every request goes through the context's guarded fetch.
 *
 * The parts live beside this file: definition.ts (the manifest and its hooks), run.ts (a run's
 * base URL, credentials and pace), pages.ts (one page's request), pagination.ts (the next page),
 * records.ts (an answer's records), windows.ts and reads.ts (the reads and their cursors),
 * checkpoint.ts (where a read taken over continues) and check.ts (the connection check); this file
 * binds them into a Connector.
 */
import type { ConnectorManifest } from '@domain/data/connectorManifest/types';
import type { Connector, ConnectorBatch, ConnectorContext } from '../types';
import { checkConnection } from './check';
import { definitionOf, type Definition, type DefinitionOptions } from './definition';
import { partitionCheckpoint, writeCheckpoint } from './checkpoint';
import { partitionsOf } from './partitions';
import { pagedRead, steppedRead, valueRead } from './reads';
import type { ManifestHooks } from './requests';
import { beginRun, type Run } from './run';

export type { AnswerWording, HookApi, ManifestHooks } from './requests';
export { mapRecord } from './records';
export { readWindows, sentEnd } from './windows';

/**
 * Turns a manifest into a Connector. The manifest is checked here (a bad one throws a
 * ManifestError naming the field), and so are the hooks it names.
 */
export function manifestConnector(input: unknown, hooks: ManifestHooks = {}, options: DefinitionOptions = {}): Connector & { manifest: ConnectorManifest } {
  const definition = definitionOf(input, hooks, options);
  const { manifest, stream } = definition;
  return {
    manifest,
    catalogueId: manifest.catalogue_id,
    keyField: stream.primary_key ?? null,

    test: (context) => checkConnection(definition, context),

    async *pull(context): AsyncGenerator<ConnectorBatch> {
      const runStarted = Date.now();
      const run = await beginRun(definition, context, true);
      const partitions = await partitionsOf(definition, run, context);
      if (!partitions) {
        yield* read(definition, run, context, runStarted);
        return;
      }
      // One read a partition, each from the stored cursor; the cursor moves only with the last
      // page of the last partition. Each page's checkpoint names its partition and where that
      // partition's read continues, so a run taken over goes on from the partition it stopped in.
      const resumed = partitionCheckpoint(context.checkpoint);
      const from = resumed ? resumed.from : context.cursor;
      for (const [index, partition] of partitions.entries()) {
        if (resumed && index < resumed.partition) continue;
        const last = index === partitions.length - 1;
        const partitionRun: Run = { ...run, scope: { ...run.scope, stream_partition: partition } };
        const partitionContext = { ...context, cursor: from, checkpoint: resumed?.partition === index ? resumed.read : null };
        for await (const batch of read(definition, partitionRun, partitionContext, runStarted)) {
          const inner = batch.checkpoint ?? null;
          const checkpoint = inner ? { partition: index, read: inner } : last ? null : { partition: index + 1, read: null };
          yield { records: batch.records, cursor: checkpoint ? from : batch.cursor, checkpoint: checkpoint && writeCheckpoint({ from, ...checkpoint }) };
        }
      }
    },
  };
}

/** The stream's read, as its incremental sync says. */
function read(definition: Definition, run: Run, context: ConnectorContext, runStarted: number): AsyncGenerator<ConnectorBatch> {
  const incremental = definition.stream.incremental_sync;
  if (incremental?.type === 'IncrementingValueCursor') return valueRead(definition, run, context, incremental);
  if (incremental?.step || incremental?.windowed) return steppedRead(definition, run, context, incremental);
  return pagedRead(definition, run, context, incremental, runStarted);
}

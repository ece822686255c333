/**
 * The partitions a stream is read in (Airbyte's ListPartitionRouter and SubstreamPartitionRouter):
 * each a value templates read as `stream_partition.<field>`, the stream read once for each.
 */
import type { DeclarativeStream } from '@domain/data/connectorManifest/types';
import { ConnectorError, type ConnectorContext } from '../types';
import { isRecordObject } from '../shared';
import type { Definition } from './definition';
import { pagedRead } from './reads';
import { renderAny } from './requests';
import type { Run } from './run';

/** The most partitions one read is cut into. */
export const MAX_PARTITIONS = 10_000;

/** The partitions to read, or null when the stream has no list or substream router (one read). */
export async function partitionsOf(definition: Definition, run: Run, context: ConnectorContext): Promise<Array<Record<string, unknown>> | null> {
  const router = definition.stream.retriever.partition_router;
  const { manifest } = definition;
  if (router?.type === 'ListPartitionRouter') {
    let values: unknown = router.values;
    if (typeof values === 'string') {
      values = renderAny(values, run.scope);
      // A setting holding a list as JSON text or as comma-separated text.
      if (typeof values === 'string') {
        const text = values.trim();
        try {
          values = text.startsWith('[') ? (JSON.parse(text) as unknown) : text.split(',').map((each) => each.trim()).filter(Boolean);
        } catch {
          throw new ConnectorError(`${manifest.name}: the partition values "${text.slice(0, 100)}" are not a list.`);
        }
      }
    }
    if (!Array.isArray(values)) throw new ConnectorError(`${manifest.name}: the partition values are not a list.`);
    if (values.length > MAX_PARTITIONS) throw new ConnectorError(`${manifest.name}: more than ${MAX_PARTITIONS} partitions.`);
    return values.filter((each) => ['string', 'number'].includes(typeof each)).map((each) => ({ [router.cursor_field]: each }));
  }
  if (router?.type === 'SubstreamPartitionRouter') {
    const config = router.parent_stream_configs[0];
    const parent: DeclarativeStream = { ...config.stream, primary_key: null };
    // The parent read as a stream of its own: every page, its records as answered.
    const parentDefinition: Definition = { ...definition, manifest: { ...manifest, streams: [parent] }, stream: parent, passThrough: true };
    const partitions: Array<Record<string, unknown>> = [];
    for await (const batch of pagedRead(parentDefinition, run, { ...context, cursor: null, checkpoint: null }, undefined, Date.now())) {
      for (const record of batch.records) {
        let value: unknown = record;
        for (const key of config.parent_key.split('.')) value = isRecordObject(value) && Object.hasOwn(value, key) ? value[key] : undefined;
        if (typeof value !== 'string' && typeof value !== 'number') continue;
        partitions.push({ [config.partition_field]: value, parent_slice: {} });
        if (partitions.length > MAX_PARTITIONS) throw new ConnectorError(`${manifest.name}: more than ${MAX_PARTITIONS} parent records.`);
      }
    }
    return partitions;
  }
  return null;
}

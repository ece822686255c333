/** What the connector tests share: pulling a connector to the end, and the error a failing call must throw. */
import pino from 'pino';
import { expect } from 'vitest';
import { createConnectorFetch } from '@bff/modules/connectors/http';
import { ConnectorError, type Connector, type ConnectorBatch, type ConnectorContext } from '@bff/modules/connectors/types';

export async function pullAll(connector: Connector, context: ConnectorContext): Promise<ConnectorBatch[]> {
  const batches: ConnectorBatch[] = [];
  for await (const batch of connector.pull(context)) batches.push(batch);
  return batches;
}

export const recordsOf = (batches: readonly ConnectorBatch[]) => batches.flatMap((batch) => batch.records);

/** The ConnectorError `work` rejects with; fails the test when it resolves or throws anything else. */
export async function failureOf(work: Promise<unknown>): Promise<ConnectorError> {
  try {
    await work;
  } catch (failure) {
    expect(failure).toBeInstanceOf(ConnectorError);
    return failure as ConnectorError;
  }
  throw new Error('Expected a ConnectorError');
}

/**
 * A connector context for a local vendor server: private addresses allowed, waits recorded in
 * `waits` instead of slept, and a quota paced by a clock that moves only by those waits (however
 * long the machine takes to answer, the pacing asked for is the same).
 */
export function localContext(settings: Record<string, string>, secrets: Record<string, string>, cursor: string | null, waits: number[]): ConnectorContext {
  let clock = 0;
  const sleep = async (ms: number) => {
    waits.push(ms);
    clock += ms;
  };
  return {
    settings,
    secrets,
    cursor,
    fetch: createConnectorFetch({ allowPrivate: true, timeoutMs: 5_000, maxRetries: 2, retryBaseMs: 10, sleep }),
    signal: new AbortController().signal,
    logger: pino({ level: 'silent' }),
    allowPrivate: true,
    sleep,
    now: () => clock,
  };
}

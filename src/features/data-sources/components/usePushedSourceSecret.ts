import { useState } from 'react';
import type { IngestEndpoint } from '@domain/data/connectors';
import type { DataSource } from '@domain/data/sources';
import { useIngestSecret } from '../api';

/** A pushed source once connected: its ingestion secret is created, to be shown whole this once. */
export function usePushedSourceSecret() {
  const ingestSecret = useIngestSecret();
  const [created, setCreated] = useState<DataSource | null>(null);
  const [endpoint, setEndpoint] = useState<(IngestEndpoint & { secret: string }) | null>(null);

  const createSecret = (sourceId: string) =>
    ingestSecret.mutate(sourceId, {
      onSuccess: (answer) => {
        if (answer.secret) setEndpoint({ ...answer, secret: answer.secret });
      },
    });

  return {
    /** The connected source, once there is one. */
    created,
    /** The ingestion URL with the whole secret, once created. */
    endpoint,
    ingestSecret,
    start: (source: DataSource) => {
      setCreated(source);
      createSecret(source.id);
    },
    retry: () => {
      if (created) createSecret(created.id);
    },
  };
}

export type PushedSourceSecret = ReturnType<typeof usePushedSourceSecret>;

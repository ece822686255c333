/** The messages between the server and the audience build worker (buildWorker.ts). */
import type { BuildResult } from './build';

export interface AudienceBuildRequest {
  type: 'build';
  id: number;
  companyId: string;
  /** The build's clock (ms). */
  now: number;
  maxProfilesPerMerge: number;
  /** How long the previous generation outlives the switch (see build.ts). */
  previousGenerationGraceMs: number;
}

export type AudienceBuildMessage =
  | { type: 'progress'; id: number; processed: number; total: number }
  /** A batch of the new generation was committed (its own short transaction). */
  | { type: 'batch'; id: number; generation: number; table: string; rows: number }
  /** The new generation is current: the job is done (the previous one is then deleted in the background). */
  | { type: 'done'; id: number; result: BuildResult }
  | { type: 'failed'; id: number; error: string }
  /** The worker is through with the request, the previous generation's deletion included. */
  | { type: 'finished'; id: number };

/** What a build of a company's profiles is given, and what it answers (build.ts). */
import type { Knex } from '@mikro-orm/knex';
import type { AudienceJobSummary } from '@domain/audience/contract';
import type { DatabaseKind } from '../../platform/sql';

export interface BuildInput {
  knex: Knex;
  kind: DatabaseKind;
  companyId: string;
  now: Date;
  maxProfilesPerMerge: number;
  /** Called after each page read: records read so far, of about `total`. */
  onProgress?: (processed: number, total: number) => Promise<void> | void;
  /** Called after each batch of the new generation is written, before the switch to it. */
  onBatch?: (batch: { generation: number; table: string; rows: number }) => Promise<void> | void;
  /** Called once the new generation is current, before the previous one is deleted. */
  onSwitched?: (result: BuildResult) => Promise<void> | void;
  /** How long the previous generation outlives the switch, for readers in the middle of a request. */
  previousGenerationGraceMs?: number;
}

export interface BuildResult {
  profiles: number;
  /** The generation written, now the current one. */
  generation: number;
  watermark: number | null;
  summary: AudienceJobSummary;
  /** Joins refused as too large, for the log. */
  refused: Array<{ kind: string; value: string; source: string; profilesJoined: number }>;
}

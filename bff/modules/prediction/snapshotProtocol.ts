/** The messages between the server and the snapshot worker: index builds, shared files read back and offline evaluations. */
import type { DiscoveryLever, EvaluationScores } from '@domain/models/settings';
import type { EventType } from '@domain/prediction/contract';
import type { PredictionIndex } from './engine/types';
import type { SharedVersion } from './snapshotFiles';
import type { PackedIndex } from './snapshotHandOver';
import type { RecentWindow } from './snapshotInput';

export interface BuildRequest {
  type: 'build';
  id: number;
  companyId: string;
  /** The build's clock (ms). */
  now: number;
  /** The version whose shared file (snapshotFiles.ts) the built index is kept as for the machine's other processes, written before the reply; null: none. */
  sharedVersion: number | null;
}

/** Reads a version's shared file (snapshotFiles.ts) instead of building it; answered as a build, or refused. */
export interface ReadSharedRequest {
  type: 'readShared';
  id: number;
  expected: SharedVersion;
}

export type BuildReply =
  | { id: number; ok: true; index: PredictionIndex; itemCount: number; eventCount: number; watermark: number | null; buildMs: number; shareError?: string }
  | { id: number; ok: false; error: string; buildMs: number };

/** A build's reply as the worker posts it: the index packed for the hand-over (snapshotHandOver.ts). */
export type PostedBuildReply = Exclude<BuildReply, { ok: true }> | (Omit<Extract<BuildReply, { ok: true }>, 'index'> & { index: PackedIndex });

export interface EvaluateRequest {
  type: 'evaluate';
  id: number;
  companyId: string;
  window: RecentWindow;
  candidates: Array<Record<DiscoveryLever, number>>;
  maxUsers: number;
  /** The event types that consume an item (the saved settings'): never recommended back. */
  consumedTypes: EventType[];
}

type Baselines = { mostPopular: EvaluationScores; itemKnn: EvaluationScores };
/** `users` is 0 when the window holds too few events to score anything. */
export type EvaluateReply = { id: number; ok: true; scores: EvaluationScores[]; users: number; baselines: Baselines | null } | { id: number; ok: false; error: string };

export type WorkerRequest = BuildRequest | ReadSharedRequest | EvaluateRequest;
export type WorkerReply = BuildReply | EvaluateReply;
export type PostedReply = PostedBuildReply | EvaluateReply;

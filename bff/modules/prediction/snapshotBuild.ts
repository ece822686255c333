/**
 * Building a company's index (or reading a published one from its shared file) and evaluating
 * Discovery settings, in the snapshot worker or, where there is none (an in-memory SQLite
 * database), in process; and the watermark a build leaves.
 */
import type { DiscoveryLever } from '@domain/models/settings';
import type { EventType } from '@domain/prediction/contract';
import { buildIndex, evaluate } from './engine';
import type { SnapshotContext } from './snapshotContext';
import type { SharedVersion } from './snapshotFiles';
import { readRecentInput, readSnapshotInput, type RecentWindow } from './snapshotInput';
import type { BuildReply, EvaluateReply, EvaluateRequest } from './snapshotProtocol';

/**
 * Writes commit a little after they take their updated_at: the watermark stays this far behind
 * the build's start, so a record committed during the build is still seen as newer afterwards.
 */
const COMMIT_MARGIN_MS = 5_000;

export type BuildResult = Extract<BuildReply, { ok: true }>;

async function buildInProcess(ctx: SnapshotContext, companyId: string, at: number): Promise<BuildReply> {
  const started = Date.now();
  const read = await readSnapshotInput(ctx.records, companyId, at);
  const index = buildIndex(read.input);
  return { id: 0, ok: true, index, itemCount: index.itemCount, eventCount: index.eventCount, watermark: read.watermark, buildMs: Date.now() - started };
}

async function evaluateInProcess(ctx: SnapshotContext, request: Omit<EvaluateRequest, 'type' | 'id'>): Promise<EvaluateReply> {
  const input = await readRecentInput(ctx.records, request.companyId, request.window);
  if (input.events.length < 2 || input.items.length === 0) return { id: 0, ok: true, scores: [], users: 0, baselines: null };
  return { id: 0, ok: true, ...evaluate(input, request.candidates, { maxUsers: request.maxUsers, consumedTypes: request.consumedTypes }) };
}

/**
 * Builds the company's index now, kept as `version`'s shared file when one is given (where builds
 * run in the worker); throws what the build failed with.
 */
export async function buildIndexFor(ctx: SnapshotContext, companyId: string, sharedVersion: number | null = null): Promise<BuildResult> {
  const at = ctx.now().getTime();
  const reply = ctx.builder ? await ctx.builder.build(companyId, at, sharedVersion) : await buildInProcess(ctx, companyId, at);
  if (!reply.ok) throw new Error(reply.error);
  if (reply.shareError) ctx.logger.warn({ companyId, version: sharedVersion, error: reply.shareError }, 'Could not keep the prediction snapshot for the other processes');
  const watermark = reply.watermark === null ? null : Math.min(reply.watermark, at - COMMIT_MARGIN_MS);
  return { ...reply, watermark };
}

/**
 * The published version's index from the shared file its builder wrote, or null when there is
 * none that stands for it (another machine's build, other server code, a full disk): the caller
 * builds it then. The watermark is the version's own, as its row records it.
 */
export async function readSharedIndex(ctx: SnapshotContext, published: SharedVersion & { watermark: number | null }): Promise<BuildResult | null> {
  if (!ctx.builder) return null;
  const { companyId, version, watermark } = published;
  const reply = await ctx.builder.readShared(published).catch((failure: Error) => ({ ok: false as const, error: failure.message }));
  if (!reply.ok) {
    ctx.logger.debug({ companyId, version, reason: reply.error }, 'Prediction snapshot not read from its shared file');
    return null;
  }
  return { ...reply, watermark };
}

/** Scores the candidate settings on the company's recent window (the store's evaluate). */
export async function evaluateSettings(ctx: SnapshotContext, companyId: string, window: RecentWindow, candidates: Array<Record<DiscoveryLever, number>>, maxUsers: number, consumedTypes: EventType[]) {
  const request = { companyId, window, candidates, maxUsers, consumedTypes };
  const reply = ctx.builder ? await ctx.builder.evaluate(request) : await evaluateInProcess(ctx, request);
  if (!reply.ok) throw new Error(reply.error);
  return { scores: reply.scores, users: reply.users, baselines: reply.baselines };
}

/**
 * POST /api/v1/predict: the request checked (shape, then custom attributes against the company's
 * definitions), the company's latest settings and loaded snapshot, the caller's events newer than
 * the snapshot, and the engine's ranking with its explanations, or the popularity baseline for a
 * user in the holdout. The answer names the versions that produced it.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import type { PredictItem, PredictRequest, PredictResponse } from '@domain/prediction/contract';
import { CUSTOM_ATTRIBUTE_TYPE_NAMES, hasAttributeType, type ValidPredictRequest } from '@domain/prediction/schemas';
import { CustomAttribute } from '../../entities';
import { apiError } from '../../platform/errors';
import { preparedRowsReader } from '../../platform/preparedRows';
import { bindTime, type DatabaseKind } from '../../platform/sql';
import type { Orm } from '../../types';
import type { CallEntry } from './callLog';
import { baseline, explain, rank } from './engine';
import type { Interaction, RankedItem, RankRequest } from './engine/types';
import type { VersionedSettings } from './settings';
import { interactionOf } from './snapshotInput';
import type { LoadedSnapshot, SnapshotStore } from './snapshots';

/** The caller's newest events read on top of the snapshot: enough for co-occurrence and affinities. */
const RECENT_EVENTS_MAX = 200;
const SCORE_DECIMALS = 1e6;

/** Whether this user is in the holdout: a stable hash of their id, 0-100, below the share. */
export function inHoldout(userId: string | null, holdoutPercent: number): boolean {
  if (!userId || holdoutPercent <= 0) return false;
  const digest = createHash('sha256').update(`navout-holdout:${userId}`).digest();
  return (digest.readUInt32BE(0) / 0x1_0000_0000) * 100 < holdoutPercent;
}

/**
 * The request's custom attributes against the company's definitions: their types for the engine.
 * `em` is asked for only when attributes were sent: most calls send none, and a request's first use
 * of the ORM forks its EntityManager.
 */
export async function checkCustomAttributes(em: () => EntityManager, companyId: string, given: Record<string, unknown>): Promise<Record<string, CustomAttribute['type']>> {
  const names = Object.keys(given);
  if (!names.length) return {};
  const defined = await em().find(CustomAttribute, { companyId }, { fields: ['name', 'type'] });
  const types = new Map(defined.map((attribute) => [attribute.name, attribute.type]));
  const result: Record<string, CustomAttribute['type']> = {};
  for (const name of names) {
    const type = types.get(name);
    if (!type) {
      throw apiError('unknown_custom_attribute', {
        error: `Unknown custom attribute: ${name}`,
        message: `"${name}" is not one of this company's custom attributes. Define it on the Custom Attributes tab first.`,
        fields: { [`custom_attributes.${name}`]: 'Unknown custom attribute' },
      });
    }
    if (!hasAttributeType(given[name], type)) {
      throw apiError('invalid_custom_attribute', {
        error: `Custom attribute ${name} must be ${CUSTOM_ATTRIBUTE_TYPE_NAMES[type]}`,
        message: `"${name}" is defined as ${type}; send ${CUSTOM_ATTRIBUTE_TYPE_NAMES[type]}.`,
        fields: { [`custom_attributes.${name}`]: `Must be ${CUSTOM_ATTRIBUTE_TYPE_NAMES[type]}` },
      });
    }
    result[name] = type;
  }
  return result;
}

/**
 * The two reads of a person's events, newest first up to RECENT_EVENTS_MAX: every one, or those
 * stored after a snapshot's watermark. Both are served by the person index (company_id, user_id,
 * kind, event_time, ...), which ends with updated_at: the watermark is checked in the index, and
 * only the events newer than it are read from the table. On SQLite the watermark's term is
 * written `+updated_at`: with no planner statistics (nothing runs ANALYZE) SQLite prefers to
 * range (company_id, updated_at) and visit every record the company changed since the snapshot,
 * of any kind and person (1-1.5 ms a call while a restock waits for its rebuild, against tens of
 * microseconds). The unary plus is SQLite's way to
 * keep a term off an index; PostgreSQL, which has statistics and no `+` for timestamps, is left
 * to choose.
 */
export function recentEventsStatements(kind: DatabaseKind): { all: string; sinceWatermark: string } {
  const read = `select user_id, item_id, event_type, event_time, data, unified from data_records where company_id = ? and user_id = ? and kind = 'events'`;
  const newestFirst = `order by event_time desc, id asc limit ${RECENT_EVENTS_MAX}`;
  const updatedAt = kind === 'sqlite' ? '+updated_at' : 'updated_at';
  return { all: `${read} ${newestFirst}`, sinceWatermark: `${read} and ${updatedAt} > ? ${newestFirst}` };
}

/**
 * The caller's events newer than the snapshot, handed to the engine oldest first. Read on every
 * call, so as two statements prepared per connection (with and without the snapshot's watermark)
 * rather than through the ORM, whose query building and entity mapping cost more than the read.
 */
export function createRecentEventsReader(orm: Orm, kind: DatabaseKind) {
  const statements = recentEventsStatements(kind);
  const all = preparedRowsReader(orm, 'navout_recent_events', statements.all);
  const sinceWatermark = preparedRowsReader(orm, 'navout_recent_events_since', statements.sinceWatermark);
  return async function recentEvents(companyId: string, userId: string | null, snapshot: LoadedSnapshot): Promise<Interaction[]> {
    if (!userId) return [];
    const rows = snapshot.watermark === null ? await all(companyId, userId) : await sinceWatermark(companyId, userId, bindTime(kind, snapshot.watermark));
    const events: Interaction[] = [];
    for (const [user_id, item_id, event_type, event_time, data, unified] of rows) {
      const interaction = interactionOf({ user_id, item_id, event_type, event_time, data, unified });
      if (interaction) events.push(interaction);
    }
    return events.reverse();
  };
}

export type RecentEventsReader = ReturnType<typeof createRecentEventsReader>;

export interface Ranking {
  holdout: boolean;
  model: string;
  ranked: RankedItem[];
  items: PredictItem[];
}

/** The engine's request from a checked predict request. */
export function rankRequestOf(request: ValidPredictRequest, attributeTypes: RankRequest['customAttributeTypes'], recentEvents: Interaction[], now: number): RankRequest {
  const metadata = request.metadata ?? {};
  const userId = typeof metadata.user_id === 'string' && metadata.user_id.trim() ? metadata.user_id : null;
  return {
    query: request.query ?? '',
    topK: request.top_k,
    filters: (request.filters ?? {}) as RankRequest['filters'],
    userId,
    metadata,
    customAttributes: request.custom_attributes ?? {},
    customAttributeTypes: attributeTypes,
    recentEvents,
    // include_seen: nothing counts as consumed; otherwise rankWith applies the settings' event types.
    ...(request.include_seen ? { consumedTypes: [] } : {}),
    excludeItems: request.exclude_items ?? [],
    now,
  };
}

/** What ranking a checked request needs besides the settings: the company's snapshot and the caller's newer events. */
export interface RankingSources {
  snapshots: SnapshotStore;
  recentEvents: RecentEventsReader;
  now: () => Date;
}

/** The company's loaded snapshot, or 503 snapshot_unavailable when it cannot be built or read. */
export async function snapshotFor(snapshots: SnapshotStore, companyId: string): Promise<LoadedSnapshot> {
  try {
    return await snapshots.ensure(companyId);
  } catch {
    throw apiError('snapshot_unavailable');
  }
}

/**
 * The one way from a checked predict request to the engine's request: custom attributes checked
 * against the company's definitions, its snapshot loaded, the caller's events newer than it read.
 * A live call and the replay of a logged one both start here.
 */
export async function rankingInputs(sources: RankingSources, em: () => EntityManager, companyId: string, request: ValidPredictRequest): Promise<{ snapshot: LoadedSnapshot; rankRequest: RankRequest }> {
  const attributeTypes = await checkCustomAttributes(em, companyId, request.custom_attributes ?? {});
  const snapshot = await snapshotFor(sources.snapshots, companyId);
  const probe = rankRequestOf(request, attributeTypes, [], sources.now().getTime());
  return { snapshot, rankRequest: { ...probe, recentEvents: await sources.recentEvents(companyId, probe.userId, snapshot) } };
}

/** Ranks (or, in the holdout, takes the baseline) and words the explanations. */
export function rankWith(snapshot: LoadedSnapshot, settings: VersionedSettings, asked: RankRequest, options: { holdout?: boolean } = {}): Ranking {
  const request: RankRequest = { ...asked, consumedTypes: asked.consumedTypes ?? settings.settings.consumedEventTypes };
  const holdout = options.holdout ?? inHoldout(request.userId, settings.settings.holdoutPercent);
  const ranked = holdout ? baseline(snapshot.index, request) : rank(snapshot.index, request, settings.settings.discovery);
  const channel = typeof request.metadata.channel === 'string' ? request.metadata.channel : null;
  const items = ranked.map((item, position): PredictItem => {
    const next = ranked[position + 1];
    const { explanation, reasons } = explain(item, {
      settings: settings.settings,
      channel,
      margin: next ? item.score - next.score : item.score,
      personal: request.userId !== null,
    });
    return {
      id: item.id,
      title: item.title,
      score: Math.round(item.score * SCORE_DECIMALS) / SCORE_DECIMALS,
      // Beside the score only when diversification lowered the item below its relevance.
      ...(item.relevance !== item.score ? { relevance: Math.round(item.relevance * SCORE_DECIMALS) / SCORE_DECIMALS } : {}),
      explanation,
      reasons,
      source: item.source,
      metadata: { category: item.category, price: item.price, tags: item.tags },
    };
  });
  const model = holdout ? `baseline@popularity/snapshot${snapshot.version}` : `discovery@settings${settings.version}/snapshot${snapshot.version}`;
  return { holdout, model, ranked, items };
}

export function responseOf(request: ValidPredictRequest, ranking: Ranking, startedAt: number): PredictResponse {
  return {
    model: ranking.model,
    latency_ms: Math.round((performance.now() - startedAt) * 100) / 100,
    items: ranking.items,
    query: request.query ?? '',
    top_k: request.top_k,
    total_results: ranking.items.length,
    holdout: ranking.holdout,
    custom_attributes_received: request.custom_attributes ?? {},
    request_id: randomUUID(),
  };
}

/** What the call log keeps of a served predict call. */
export function callDetailsOf(request: ValidPredictRequest, rankRequest: RankRequest, ranking: Ranking, settings: VersionedSettings, snapshot: LoadedSnapshot): Partial<CallEntry> {
  return {
    itemsServed: ranking.items.length,
    // Nothing the model found for this request: an empty answer, or only popular fill-up.
    zeroResults: ranking.ranked.every((item) => item.source === 'popular'),
    holdout: ranking.holdout,
    settingsVersion: settings.version,
    snapshotVersion: snapshot.version,
    userId: rankRequest.userId,
    request: request as PredictRequest,
    items: ranking.ranked.map((item) => ({ id: item.id, score: Math.round(item.score * SCORE_DECIMALS) / SCORE_DECIMALS, topSignal: item.contributions[0]?.signal ?? null })),
  };
}

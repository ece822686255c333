import type { EntityManager } from '@mikro-orm/core';

/**
 * Completed responses per survey: published_surveys.response_count, which every completion
 * increments in its own transaction (under the survey's row lock when an end condition counts
 * responses) and the demo seed sets. Reading it costs the same at ten responses or a million.
 */
export async function completedResponseCounts(em: EntityManager, surveyIds: readonly string[]): Promise<Map<string, number>> {
  const ids = [...new Set(surveyIds)];
  if (!ids.length) return new Map();
  const rows = await em.getConnection().execute<Array<{ id: string; response_count: number | string }>>(
    `select id, response_count from published_surveys where id in (${ids.map(() => '?').join(', ')})`,
    ids,
    'all',
  );
  return new Map(rows.map((row: { id: string; response_count: number | string }) => [row.id, Number(row.response_count)]));
}

export async function completedResponseCount(em: EntityManager, surveyId: string): Promise<number> {
  return (await completedResponseCounts(em, [surveyId])).get(surveyId) ?? 0;
}

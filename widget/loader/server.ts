/**
 * What the loader asks of, and tells, the public API: the company's surveys (fetched once per page
 * load, shared by start() and navout.show()), a shown or held-out display, and audience membership.
 */
import type { PublicSurveyBundle } from '@domain/survey/collection';
import { callApi } from '../publicApi';
import { debug } from './log';
import type { WidgetState } from './state';
import { visitorIdOf } from './visitor';

export const serverCall = <T>(state: WidgetState, method: 'GET' | 'POST', path: string, body?: unknown) =>
  callApi<T>(state.env.fetch, state.config.apiBase, method, path, body, method === 'POST');

export function loadBundle(state: WidgetState): Promise<unknown> {
  state.bundleLoading ??= serverCall<PublicSurveyBundle>(state, 'GET', `/companies/${encodeURIComponent(state.config.companyId)}/surveys`).then((loaded) => {
    state.bundle = { ...loaded, surveys: Array.isArray(loaded?.surveys) ? loaded.surveys : [] };
  });
  return state.bundleLoading;
}

export function recordDisplay(state: WidgetState, surveyId: string, outcome: 'shown' | 'holdout'): void {
  serverCall(state, 'POST', `/surveys/${encodeURIComponent(surveyId)}/displays`, { visitorId: visitorIdOf(state), outcome }).catch((error: unknown) =>
    debug(`${outcome} display not recorded`, error),
  );
}

/** Whether the server counts the visitor with these identifiers in the survey's audience. */
export const askAudience = (state: WidgetState, surveyId: string, identifiers: Record<string, string>) =>
  serverCall<{ member?: unknown }>(state, 'POST', `/surveys/${encodeURIComponent(surveyId)}/audience-membership`, { companyId: state.config.companyId, identifiers });

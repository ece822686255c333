/**
 * The overview's view in the address bar (?tab=&range=&from=&to=), so a link opens the same
 * tab and range. Anything unreadable in the address falls back to the defaults rather than
 * failing the page.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  DASHBOARD_CHARTS,
  DASHBOARD_RANGES,
  DASHBOARD_TABS,
  DEFAULT_DASHBOARD_RANGE,
  DEFAULT_DASHBOARD_TAB,
  type DashboardChart,
  type DashboardRange,
  type DashboardTab,
} from '@domain/dashboard/contract';

/**
 * What the main chart shows: one of the tabs, a chart of "Other Charts" that has no tab of its own
 * (average call duration, user segments), or a saved chart (its id, "saved-" plus a timestamp).
 */
export type MainView = DashboardTab | DashboardChart | `saved-${string}`;

export const SAVED_PREFIX = 'saved-';
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function isSavedView(view: string): view is `saved-${string}` {
  return view.startsWith(SAVED_PREFIX) && view.length > SAVED_PREFIX.length;
}

export function parseMainView(value: string | null): MainView {
  if (!value) return DEFAULT_DASHBOARD_TAB;
  if ((DASHBOARD_TABS as readonly string[]).includes(value) || (DASHBOARD_CHARTS as readonly string[]).includes(value)) return value as MainView;
  return isSavedView(value) ? value : DEFAULT_DASHBOARD_TAB;
}

/** A real calendar date written YYYY-MM-DD, or null. */
export function parseIsoDate(value: string | null): string | null {
  if (!value || !ISO_DATE.test(value)) return null;
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value ? null : value;
}

export interface OverviewRange {
  range: DashboardRange;
  /** Custom ranges only: inclusive local dates, YYYY-MM-DD. */
  from?: string;
  to?: string;
}

/** The range in the address; a custom range without two readable dates is the default range. */
export function parseRange(params: URLSearchParams): OverviewRange {
  const value = params.get('range');
  const range = (DASHBOARD_RANGES as readonly string[]).includes(value ?? '') ? (value as DashboardRange) : DEFAULT_DASHBOARD_RANGE;
  if (range !== 'custom') return { range };
  const from = parseIsoDate(params.get('from'));
  const to = parseIsoDate(params.get('to'));
  return from && to ? { range, from, to } : { range: DEFAULT_DASHBOARD_RANGE };
}

export function useOverviewUrlState() {
  const [params, setParams] = useSearchParams();
  const view = parseMainView(params.get('tab'));
  const rangeValue = params.get('range');
  const fromValue = params.get('from');
  const toValue = params.get('to');
  const range = useMemo(
    () => parseRange(new URLSearchParams({ range: rangeValue ?? '', from: fromValue ?? '', to: toValue ?? '' })),
    [rangeValue, fromValue, toValue],
  );

  const setView = useCallback(
    (next: MainView) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next === DEFAULT_DASHBOARD_TAB) updated.delete('tab');
          else updated.set('tab', next);
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );

  const setRange = useCallback(
    (next: OverviewRange) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.set('range', next.range);
          if (next.range === 'custom' && next.from && next.to) {
            updated.set('from', next.from);
            updated.set('to', next.to);
          } else {
            updated.delete('from');
            updated.delete('to');
          }
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );

  return { view, range, setView, setRange };
}

/**
 * The dashboard overview's contract (platform document, sections 2 to 9: "Dashboard overview",
 * the dashboard metrics response, the time-series point, the saved chart, the custom date range,
 * GET /api/dashboard/metrics and its message). Shared by the overview screen and the BFF.
 */
import type { CategoryId } from '../audience/contract';

export const DASHBOARD_RANGES = ['1d', '7d', '30d', '90d', 'custom'] as const;
export type DashboardRange = (typeof DASHBOARD_RANGES)[number];
export const DEFAULT_DASHBOARD_RANGE: DashboardRange = '7d';
export const DASHBOARD_RANGE_LABELS: Record<DashboardRange, string> = {
  '1d': '1 Day',
  '7d': '7 Days',
  '30d': '30 Days',
  '90d': '90 Days',
  custom: 'Custom',
};

/**
 * How a range is cut into buckets, in the company's time zone (UTC when none is set):
 * 1 Day: six 4-hour blocks aligned to local midnight, the current block last ("labels every 4 hours");
 * 7 Days: seven calendar days, today last; 30 Days: four ISO weeks (Monday first), this week last
 * ("four weeks"); 90 Days: three calendar months, this month last ("three months").
 * Custom (From and To inclusive local dates): up to 7 days daily, up to 30 days weekly (ISO weeks
 * clipped to the range), otherwise monthly (calendar months clipped to the range).
 */
export const DASHBOARD_BUCKETS = ['4h', 'day', 'week', 'month'] as const;
export type DashboardBucket = (typeof DASHBOARD_BUCKETS)[number];
export const FIXED_RANGE_BUCKETS: Record<Exclude<DashboardRange, 'custom'>, { bucket: DashboardBucket; count: number }> = {
  '1d': { bucket: '4h', count: 6 },
  '7d': { bucket: 'day', count: 7 },
  '30d': { bucket: 'week', count: 4 },
  '90d': { bucket: 'month', count: 3 },
};
export const CUSTOM_DAILY_MAX_DAYS = 7;
export const CUSTOM_WEEKLY_MAX_DAYS = 30;
/** The longest custom range the server answers (a year and a day, so "the last year" fits). */
export const CUSTOM_RANGE_MAX_DAYS = 366;

/** Tabs of the main chart, in the order the screen shows them; saved charts follow. */
export const DASHBOARD_TABS = ['all', 'calls', 'recommendations', 'conversion', 'clicks', 'users'] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];
export const DASHBOARD_TAB_LABELS: Record<DashboardTab, string> = {
  all: 'All Metrics',
  calls: '# of Calls',
  recommendations: 'Recommendations',
  conversion: 'Conversion Rate',
  clicks: 'A/B Clicks',
  users: 'Users',
};
export const DEFAULT_DASHBOARD_TAB: DashboardTab = 'all';

/** The charts of the overview (the main chart shows one; "Other Charts" shows the rest). */
export const DASHBOARD_CHARTS = ['recommendations', 'conversion', 'clicks', 'calls', 'duration', 'segments'] as const;
export type DashboardChart = (typeof DASHBOARD_CHARTS)[number];
export const DASHBOARD_CHART_TITLES: Record<DashboardChart, string> = {
  recommendations: 'Recommendations Served',
  conversion: 'Conversion Rate (%)',
  clicks: 'A/B Clicks',
  calls: 'Number of Calls',
  duration: 'Average Call Duration (ms)',
  segments: 'User Segments',
};
export const CHART_TYPES = ['line', 'bar'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

/** The specification's ten default segment categories, as the audience's category ids. */
export const DEFAULT_SEGMENT_CATEGORIES: ReadonlyArray<{ id: CategoryId; label: string }> = [
  { id: 'new-users', label: 'New Users' },
  { id: 'returning', label: 'Returning Users' },
  { id: 'premium', label: 'Premium Users' },
  { id: 'mobile', label: 'Mobile Users' },
  { id: 'desktop', label: 'Desktop Users' },
  { id: 'weekend', label: 'Weekend Users' },
  { id: 'weekday', label: 'Weekday Users' },
  { id: 'high-value', label: 'High Value Users' },
  { id: 'casual', label: 'Casual Users' },
  { id: 'power-users', label: 'Power Users' },
];
/** The chart palette has 15 colours: the tokens chart.categorical.1 … 15. */
export const CHART_PALETTE_SIZE = 15;

/**
 * A conversion (purchase or conversion event) or a click counts for a recommendation when the
 * same person was served that item by the prediction API within this many days before it.
 */
export const ATTRIBUTION_WINDOW_DAYS = 7;
/** Users tab: the "+ Add Category" lookup keeps "Searching..." on screen at least this long. */
export const CATEGORY_SEARCH_MIN_MS = 1500;
/** Clicking a chart in "Other Charts" scrolls to the top after this delay. */
export const MAIN_CHART_SCROLL_DELAY_MS = 100;
/** Drag threshold of the "Other Charts" grid. */
export const GRID_DRAG_ACTIVATION_PX = 5;
export const SAVED_CHART_LABEL_MAX = 60;
export const SAVED_CHARTS_MAX = 20;
export const USERS_TAB_EXTRA_CATEGORIES_MAX = 10;

export const DASHBOARD_MESSAGES = {
  loading: 'Loading dashboard data...',
  loadFailed: 'Failed to load dashboard data',
  retry: 'Retry',
  searching: 'Searching...',
  back: '← Back',
  details: (category: string) => `${category} Details`,
  saveView: 'Save View',
  saveChartView: 'Save Chart View',
  chartName: 'Chart Name',
  addCategory: '+ Add Category',
  categoryName: 'Category Name',
  categoryNotFound: (name: string) => `No audience category or saved view is named "${name}".`,
  categoryExplained:
    'A category is a group of your audience: one of its built-in categories (High Value, At Risk, ...) or a view saved in Audience Intelligence. Its people and conversion rate join the chart.',
  customFromTo: 'Both dates are required to apply.',
  customOrder: 'From must be on or before To.',
  customTooLong: `A custom range can span at most ${CUSTOM_RANGE_MAX_DAYS} days.`,
  customFuture: 'From must be today or earlier: there are no figures for days still to come.',
  emptyTitle: 'No data yet',
  emptyBody:
    'Charts fill in as your data arrives: call the prediction API from the Outbound API page, send events to /api/v1/events, and publish a survey from LiveIQ.',
} as const;

/** GET /api/dashboard/metrics query: companyFilter (global admins only), range, from/to (custom, YYYY-MM-DD). */
export interface DashboardMetricsQuery {
  companyFilter?: string;
  range?: DashboardRange;
  from?: string;
  to?: string;
}

/**
 * The range's last bucket while it is still under way (today, this week, this month, the current
 * 4 hours): its index and the share of it that has passed, above 0 and below 1. Its figures are
 * the bucket so far, not a whole one.
 */
export interface PartialBucket {
  index: number;
  elapsed: number;
}

/** How the screen names a bucket still under way. */
export const PARTIAL_BUCKET_NOTES: Record<DashboardBucket, string> = {
  '4h': 'These 4 hours so far',
  day: 'Today so far',
  week: 'This week so far',
  month: 'This month so far',
};

/** One headline figure for the range, with the same figure for the period just before it. */
export interface HeadlineFigure {
  value: number | null;
  previous: number | null;
}

/** The dashboard metrics response (section 3), extended with what the screen needs to be honest. */
export interface DashboardMetrics {
  companyInfo: { name: string; timeZone: string };
  range: { range: DashboardRange; bucket: DashboardBucket; from: string; to: string };
  /** Bucket starts (ISO instants) and their display labels, one per point of every series. */
  bucketStarts: string[];
  labels: string[];
  /** The last bucket when it is still under way; null when every bucket is over. */
  partial: PartialBucket | null;
  /** Items returned by the prediction API. */
  recommendations: number[];
  /** Attributed conversions over recommendations served, in percent (one decimal); null when nothing was served. */
  conversion: Array<number | null>;
  /** Clicks on recommended items by people in the treatment group. */
  clicks: number[];
  /** Clicks on items served to the holdout (control) group. */
  holdoutClicks: number[];
  /** Prediction API calls. */
  calls: number[];
  /** Mean latency of the bucket's calls in milliseconds; null when there were none. */
  averageCallDurationMs: Array<number | null>;
  totals: {
    recommendations: HeadlineFigure;
    conversion: HeadlineFigure;
    clicks: HeadlineFigure;
    holdoutClicks: HeadlineFigure;
    calls: HeadlineFigure;
    averageCallDurationMs: HeadlineFigure;
  };
  /**
   * Whether the totals are compared with the period just before the range: only when the scope's
   * figures began before that period did. Otherwise every `previous` is null. That period is as
   * long as the part of the range that has happened: a range ending today is compared with as
   * much time before it, never with a whole period against a day under way.
   */
  comparable: boolean;
  /** Users block: per category of the audience (at its last build). */
  users: {
    categories: string[];
    categoryIds: string[];
    /** Share of the category's profiles with a conversion, percent. */
    conversionRates: number[];
    userCounts: number[];
    builtAt: string | null;
  };
  /** False when the company has no calls, events or profiles yet: the screen shows the empty state. */
  hasData: boolean;
}

/** The time-series point (section 3), one per bucket of a drilled-in category. */
export interface TimeSeriesPoint {
  date: string;
  label: string;
  responses: number;
  users: number;
  conversion: number | null;
  clicks: number;
}

/** GET /api/dashboard/categories/lookup?name= : a category or saved view of the company's audience. */
export interface CategoryLookup {
  kind: 'category' | 'view';
  id: string;
  name: string;
  userCount: number;
  conversionRate: number;
}

/**
 * GET /api/dashboard/categories: what "+ Add Category" can add, the audience categories and the
 * views saved in Audience Intelligence, by the names the lookup finds them by.
 */
export interface CategoryChoice {
  kind: 'category' | 'view';
  id: string;
  name: string;
}

/** The most saved views offered by name; a longer list is still reached by typing a name. */
export const CATEGORY_CHOICES_VIEWS_MAX = 200;

/** GET /api/dashboard/categories/:kind/:id/series?range...: a drilled-in category. */
export interface CategorySeries {
  kind: 'category' | 'view';
  id: string;
  name: string;
  /** What each point covers (the range's bucket). */
  bucket: DashboardBucket;
  points: TimeSeriesPoint[];
  /** The last point when its bucket is still under way; null when every bucket is over. */
  partial: PartialBucket | null;
}

/** A saved chart (section 3): id "saved-" plus a timestamp. */
export interface SavedChart {
  id: string;
  label: string;
  category: { kind: 'category' | 'view'; id: string; name: string };
  mode: 'conversion' | 'users';
  options: { chartType: ChartType };
  createdAt: string;
}

/** Per user (they follow the user to another browser): GET/PUT /api/dashboard/preferences. */
export interface DashboardPreferences {
  savedCharts: SavedChart[];
  /** The "Other Charts" order. */
  gridOrder: DashboardChart[];
  /** Line or Bar per tab (and per saved chart id). */
  chartTypes: Record<string, ChartType>;
  /** Categories added on the Users tab with "+ Add Category". */
  extraCategories: Array<{ kind: 'category' | 'view'; id: string; name: string }>;
}

/** GET /api/dashboard/api-keys?range...: the per-key breakdown one click from # of Calls. */
export interface ApiKeyBreakdownRow {
  apiKeyId: string;
  name: string;
  calls: number;
  errors: number;
  p50Ms: number | null;
  p95Ms: number | null;
  itemsServed: number;
}

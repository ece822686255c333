/**
 * Audience Intelligence and Export Data (platform document, sections 2 to 9): the vocabulary the
 * BFF computes unified profiles in and the dashboard shows them in. Labels, ids, thresholds and
 * limits are the specification's; what it leaves open (the identity graph, jobs, views on the
 * server) is named here once.
 */

/** The six source kinds a profile's data comes from; coverage is the share present. */
export const SOURCE_KINDS = ['web', 'mobile', 'email', 'crm', 'support', 'analytics'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];
export const SOURCE_KIND_LABELS: Record<SourceKind, string> = {
  web: 'Web',
  mobile: 'Mobile',
  email: 'Email',
  crm: 'CRM',
  support: 'Support',
  analytics: 'Analytics',
};

export const LIFECYCLE_STAGES = ['new', 'active', 'at_risk', 'churned', 'reactivated'] as const;
export type LifecycleStage = (typeof LIFECYCLE_STAGES)[number];
export const LIFECYCLE_LABELS: Record<LifecycleStage, string> = {
  new: 'New',
  active: 'Active',
  at_risk: 'At-Risk',
  churned: 'Churned',
  reactivated: 'Reactivated',
};

export const RISK_LEVELS = ['low', 'medium', 'high'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];
export const RISK_LABELS: Record<RiskLevel, string> = { low: 'Low', medium: 'Medium', high: 'High' };
/** Risk colours: low green, medium yellow, high red (section 9); the theme's palette keys. */
export const RISK_COLORS: Record<RiskLevel, 'success' | 'warning' | 'error'> = { low: 'success', medium: 'warning', high: 'error' };

/** Recency filter thresholds in days (section 9). */
export const RECENCY_DAYS = [1, 7, 30, 90] as const;
export type RecencyDays = (typeof RECENCY_DAYS)[number];
export const RECENCY_LABELS: Record<RecencyDays, string> = { 1: 'Last 24h', 7: 'Last 7 days', 30: 'Last 30 days', 90: 'Last 90 days' };

/** Category users page size (section 9). */
export const AUDIENCE_PAGE_SIZE = 20;
/** Search debounce (section 9). */
export const AUDIENCE_SEARCH_DEBOUNCE_MS = 300;
export const AUDIENCE_SEARCH_MAX = 200;

/**
 * Every category a profile can fall into: the six built-in ids of section 3, then the overview's
 * segment categories (its "New" and "High Value" are new-users and high-value). The rules live in
 * src/domain/audience/categories.ts; a profile's categories are stored as a bit mask in this order.
 */
export const CATEGORY_IDS = [
  'high-value',
  'at-risk',
  'new-users',
  'enterprise',
  'freemium',
  'churned',
  'returning',
  'premium',
  'mobile',
  'desktop',
  'weekend',
  'weekday',
  'casual',
  'power-users',
] as const;
export type CategoryId = (typeof CATEGORY_IDS)[number];
export const CATEGORY_NAMES: Record<CategoryId, string> = {
  'high-value': 'High Value',
  'at-risk': 'At Risk',
  'new-users': 'New Users',
  enterprise: 'Enterprise',
  freemium: 'Freemium',
  churned: 'Churned',
  returning: 'Returning',
  premium: 'Premium',
  mobile: 'Mobile',
  desktop: 'Desktop',
  weekend: 'Weekend',
  weekday: 'Weekday',
  casual: 'Casual',
  'power-users': 'Power Users',
};

/** The filters of the page, applied by the server (multi-select; recency takes the widest chosen). */
export interface AudienceFilters {
  dataSource: SourceKind[];
  lifecycle: LifecycleStage[];
  risk: RiskLevel[];
  recency: RecencyDays[];
}
export const NO_AUDIENCE_FILTERS: AudienceFilters = { dataSource: [], lifecycle: [], risk: [], recency: [] };

/**
 * The query every read of the page takes: filters as comma-separated ids
 * (`dataSource=web,crm&lifecycle=active&risk=high&recency=7`), a search over name, e-mail and
 * account, and the global admin's companyFilter.
 */
export interface AudienceQuery extends AudienceFilters {
  search: string;
}

/** Audience metrics (section 3); percentages are 0-100 with one decimal. */
export interface AudienceMetrics {
  totalUsers: number;
  /** Share of profiles that joined records from more than one identifier or source. */
  unifiedIdentities: number;
  /** Share of profiles known only by an anonymous id (no user id, no e-mail). */
  unknowns: number;
  /** Average data-source coverage of the profiles. */
  dataSourceCoverage: number;
  topSegments: { id: CategoryId; name: string; userCount: number }[];
  /** When the profiles were last rebuilt or reclassified; null before the first build. */
  computedAt: string | null;
}

/** Audience category (section 3), counted under the current filters. */
export interface AudienceCategory {
  id: CategoryId;
  name: string;
  description: string;
  /** The rule in words, as docs/features/audience-intelligence.md documents it. */
  rule: string;
  /** Average data-source coverage of the category's profiles, 0-100. */
  coverage: number;
  userCount: number;
  /** The most common traits of its profiles ("Mobile 64 %", "Enterprise 40 %"). */
  topTraits: string[];
}

/** Audience user (section 3): one unified profile as the Users table shows it. */
export interface AudienceUser {
  id: string;
  name: string | null;
  email: string | null;
  account: string | null;
  categories: CategoryId[];
  ltv: number;
  risk: RiskLevel;
  /** 0-100, one decimal: the churn-risk score behind `risk`. */
  riskScore: number;
  lifecycle: LifecycleStage;
  lastSeen: string | null;
  /** Share of the six source kinds present, 0-100. */
  dataSourceCoverage: number;
  sources: SourceKind[];
  ip_address: string | null;
  device_type: string | null;
  surveyCount: number;
  /** Seconds spent completing surveys. */
  totalCompletionTime: number;
}

export interface AudienceUsersPage {
  users: AudienceUser[];
  total: number;
  page: number;
  limit: number;
}

/** One identifier of a profile and where it was seen first. */
export interface IdentityLink {
  kind: string;
  value: string;
  source: string;
  /** null when no record carried a time for it. */
  firstSeen: string | null;
}

/** A recorded join of profiles (or a join refused): why two records are one person. */
export interface IdentityMerge {
  at: string;
  identifierKind: string;
  identifierValue: string;
  source: string;
  /** How many profiles the identifier would have joined. */
  profilesJoined: number;
  refused: boolean;
  reason: string | null;
}

export interface AudienceEvent {
  type: string;
  source: string;
  timestamp: string;
}

export interface PredictedSegment {
  id: string;
  name: string;
  /** 0-1. */
  confidence: number;
  /** The signals behind it, in words. */
  because: string;
}

/** The side panel: the profile, how it was joined, what it did, what it is predicted to be. */
export interface AudienceUserDetail extends AudienceUser {
  identities: IdentityLink[];
  merges: IdentityMerge[];
  events: AudienceEvent[];
  segments: PredictedSegment[];
  /** Survey answers bound to a data type (by its dataFieldName) and custom identifiers. */
  attributes: Record<string, string | number | boolean>;
}

export const SAVED_VIEW_NAME_MAX = 100;

/** A saved view (section 3's custom view), kept per company on the server. */
export interface AudienceView {
  id: string;
  name: string;
  description: string;
  filters: AudienceFilters;
  search: string;
  categoryId: CategoryId | null;
  userCount: number;
  coverage: number;
  createdAt: string;
}

export type AudienceJobKind = 'rebuild' | 'reclassify';
export type AudienceJobStatus = 'queued' | 'running' | 'done' | 'failed';

export interface CountChange {
  id: string;
  name: string;
  before: number;
  after: number;
}

/** What a rebuild or reclassification changed, shown when it ends. */
export interface AudienceJobSummary {
  profiles: number;
  profilesChanged: number;
  categories: CountChange[];
  risk: CountChange[];
  lifecycle: CountChange[];
}

export interface AudienceJob {
  id: string;
  kind: AudienceJobKind;
  status: AudienceJobStatus;
  /** 0-1. */
  progress: number;
  processed: number;
  total: number;
  summary: AudienceJobSummary | null;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
}

/** Identifier values that never join profiles, compared lower-cased and trimmed. */
export const PLACEHOLDER_IDENTIFIER_VALUES = ['', 'null', 'undefined', 'none', 'nil', 'n/a', 'na', '0', '-1', 'unknown', 'anonymous', 'test', 'test@test.com', 'test@example.com', 'user@example.com', 'email@example.com', 'noreply@example.com'] as const;
/** A join that would make one profile of more than this many is refused and logged. */
export const DEFAULT_MAX_PROFILES_PER_MERGE = 5;

export const AUDIENCE_MESSAGES = {
  metrics: 'Failed to load audience metrics',
  categories: 'Failed to load audience categories',
  categoryUsers: 'Failed to load users for category',
  page: 'Failed to load audience intelligence data',
  errorTitle: 'Error Loading Data',
  retry: 'Retry',
  backToCategories: 'Back to Categories',
} as const;

/** The Write Back modal's destinations and data (section 2): destinations unchecked, data checked by default. */
export const WRITEBACK_DESTINATION_KINDS = ['crm', 'analytics', 'email', 'support'] as const;
export type WritebackDestinationKind = (typeof WRITEBACK_DESTINATION_KINDS)[number];
export const WRITEBACK_DESTINATION_LABELS: Record<WritebackDestinationKind, string> = {
  crm: 'CRM',
  analytics: 'Analytics',
  email: 'Email Platform',
  support: 'Support System',
};
export const WRITEBACK_DATA = ['profile', 'segments', 'events', 'predictions'] as const;
export type WritebackData = (typeof WRITEBACK_DATA)[number];
export const WRITEBACK_DATA_LABELS: Record<WritebackData, string> = {
  profile: 'User Profile',
  segments: 'Segments',
  events: 'Events',
  predictions: 'Predictions',
};
/** The side panel's buttons and what each writes back, for one profile. */
export const WRITEBACK_SHORTCUTS = {
  pushToCrm: { label: 'Push to CRM', destination: 'crm', data: ['profile', 'segments', 'events', 'predictions'] },
  updateAnalytics: { label: 'Update Analytics', destination: 'analytics', data: ['profile', 'events'] },
  syncSegments: { label: 'Sync Segments', destination: 'crm', data: ['segments'] },
} as const satisfies Record<string, { label: string; destination: WritebackDestinationKind; data: readonly WritebackData[] }>;

/**
 * A company's configured destination: a webhook endpoint receiving signed deliveries in the
 * Standard Webhooks format. The signing secret is shown once, when it is created.
 */
export interface WritebackDestination {
  id: string;
  kind: WritebackDestinationKind;
  name: string;
  url: string;
  enabled: boolean;
  createdAt: string;
  lastDeliveryAt: string | null;
}
export interface CreatedWritebackDestination extends WritebackDestination {
  /** whsec_… : shown once. */
  secret: string;
}

/** What a writeback sends: the profiles of a view, a category, the filters, or the given ids. */
export interface WritebackRequest {
  destinations: WritebackDestinationKind[];
  data: WritebackData[];
  /** Exactly one of these selects the profiles. */
  profileIds?: string[];
  query?: AudienceQuery & { categoryId: CategoryId | null };
}

export type WritebackJobStatus = 'queued' | 'sending' | 'delivered' | 'partial' | 'failed';

export interface WritebackDelivery {
  destinationId: string;
  destinationName: string;
  kind: WritebackDestinationKind;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  lastError: string | null;
  deliveredAt: string | null;
  /** Request bodies of at most 500 profiles each, and how many the destination acknowledged. */
  batches?: number;
  batchesDelivered?: number;
}

export interface WritebackJob {
  id: string;
  status: WritebackJobStatus;
  data: WritebackData[];
  profileCount: number;
  deliveries: WritebackDelivery[];
  createdBy: string | null;
  createdAt: string;
}

/** The Audience Intelligence page's own words (platform document, sections 2, 8 and 9), quoted by its stories and tests. */
import type { WritebackDelivery, WritebackJobStatus } from '@domain/audience/contract';

export const PAGE_TITLE = 'Audience Intelligence';
export const PAGE_SUBTITLE = 'Unified customer profiles built from your imported records, events and survey answers.';

export const CHOOSE_COMPANY_FOR_AUDIENCE = 'Audience profiles are kept per company. Choose the company whose audience to see.';

/** The company chosen on the page: the same choice as the header's "View Data For". */
export const COMPANY_CHOICE_LABELS = {
  label: 'Company',
  loading: 'Loading the companies',
  failed: 'Failed to load the companies',
} as const;

export const EXPLORER_LABELS = {
  title: 'Explorer',
  categoriesTab: 'Categories',
  usersTab: 'Users',
  search: 'Search users',
  searchHint: 'Name, e-mail or account',
  allUsers: 'All users',
  builtIn: 'Categories',
  savedViews: 'Saved views',
  noSavedViews: 'No saved views yet. Set filters and press Save View to keep them.',
} as const;

export const SUMMARY_LABELS = {
  totalUsers: 'Total Users',
  categoryUsers: 'Users in Category',
  unified: 'Unified',
  unknowns: 'Unknowns',
  coverage: 'Coverage',
  topSegments: 'Top Segments',
  topTraits: 'Top Traits',
  none: 'None yet',
} as const;

export const FILTER_LABELS = {
  dataSource: 'Data Source',
  lifecycle: 'Lifecycle Stage',
  risk: 'Risk Level',
  recency: 'Recency',
  any: 'Any',
  clear: 'Clear filters',
} as const;

export const ACTION_LABELS = {
  saveView: 'Save View',
  reclassify: 'Reclassify',
  writeBack: 'Write Back',
  rebuild: 'Build Profiles',
} as const;

export const CATEGORY_LABELS = {
  usersChart: 'Users per category',
  coverageChart: 'Data-source coverage',
  average: 'average',
  table: 'Audience categories',
  name: 'Category',
  description: 'Description',
  users: 'Users',
  coverage: 'Coverage',
  topTraits: 'Top Traits',
  viewUsers: 'View Users',
  customView: 'Saved view',
  deleteView: 'Delete view',
  noCategories: 'No profile falls into any category under these filters.',
} as const;

export const USER_COLUMNS = {
  user: 'User',
  account: 'Account',
  categories: 'Categories',
  ltv: 'LTV',
  risk: 'Risk',
  lastSeen: 'Last Seen',
  coverage: 'Coverage',
} as const;
export const USERS_TABLE_LABEL = 'Audience users';
export const NO_USERS_MATCH = 'No users match these filters.';
export const NEVER_SEEN = 'Never';

export const PROFILE_LABELS = {
  loading: 'Loading profile',
  identityGraph: 'Identity Graph',
  name: 'Name',
  email: 'E-mail',
  account: 'Account',
  ltv: 'LTV',
  risk: 'Risk',
  coverage: 'Data coverage',
  lifecycle: 'Lifecycle stage',
  identities: 'Identities',
  merges: 'Merges',
  noMerges: 'This profile was never joined with another record.',
  refused: 'Refused',
  joined: 'Joined',
  recentEvents: 'Recent Events',
  noEvents: 'No events recorded for this profile.',
  predictedSegments: 'Predicted Segments',
  noSegments: 'No segment is predicted for this profile yet.',
  attributes: 'Attributes',
  noAttributes: 'No survey answers or custom identifiers are attached to this profile.',
  writeback: 'Writeback',
  unnamed: 'Unnamed profile',
} as const;

export const SAVE_VIEW_LABELS = {
  title: 'Save View',
  name: 'View name',
  filters: 'Current filters',
  users: 'Users',
  save: 'Save View',
  cancel: 'Cancel',
  noFilters: 'No filters: every profile of the company.',
  search: 'Search',
  category: 'Category',
  saved: (name: string) => `View "${name}" saved.`,
  failed: 'Failed to save view',
} as const;

export const DELETE_VIEW_LABELS = {
  title: 'Delete Saved View',
  question: (name: string) => `Delete the saved view "${name}"? This cannot be undone.`,
  confirm: 'Delete',
  deleted: (name: string) => `View "${name}" deleted.`,
  failed: 'Failed to delete view',
} as const;

export const JOB_LABELS = {
  reclassifying: 'Reclassifying profiles…',
  rebuilding: 'Building profiles…',
  queued: 'Waiting to start…',
  /** A build reads every record of the company (people, events, survey responses), then writes the profiles they make. */
  progress: (processed: number, total: number) => `${processed.toLocaleString()} of ${total.toLocaleString()} records read`,
  writing: (total: number) => `All ${total.toLocaleString()} records read: writing the profiles…`,
  progressNote: 'Profiles are made from every record the company holds: its people, events and survey responses.',
  summaryTitle: { reclassify: 'Reclassification finished', rebuild: 'Profiles rebuilt' },
  changed: (changed: number, total: number) => `${changed.toLocaleString()} of ${total.toLocaleString()} profiles changed.`,
  categories: 'Categories',
  risk: 'Risk',
  lifecycle: 'Lifecycle',
  before: 'Before',
  after: 'After',
  change: 'Change',
  close: 'Done',
  failed: { reclassify: 'Reclassification failed', rebuild: 'Profile build failed' },
  startFailed: 'Failed to start the job',
  /** Under the failed job's title and reason: what the screen shows meanwhile. */
  lastFailedNote: 'The profiles shown are from the last build that succeeded. The server tries again later, less often while it keeps failing.',
  noChanges: 'Nothing changed.',
} as const;

export const WRITEBACK_LABELS = {
  title: 'Write Back',
  destinations: 'Destinations',
  dataToSync: 'Data to sync',
  cancel: 'Cancel',
  close: 'Close',
  execute: 'Execute Writeback',
  forAudience: (count: number) => `${count.toLocaleString()} profiles under the current filters`,
  forUser: (name: string) => `Profile of ${name}`,
  loadingDestinations: 'Loading destinations',
  notConfigured: 'Not configured',
  configureAction: 'Configure',
  configure: (kind: string) => `Configure ${kind}`,
  manageDestinations: 'Destinations',
  startFailed: 'Failed to start the writeback',
  queued: (count: number) =>
    `${count.toLocaleString('en-US')} ${count === 1 ? 'profile' : 'profiles'} queued for writeback. Delivery runs in the background: the status below follows it.`,
  jobStatus: 'Writeback status',
  deliveryProgress: (name: string) => `Delivery to ${name}`,
} as const;

/** Write Back destinations and jobs. */
export const DESTINATION_LABELS = {
  title: 'Write Back destinations',
  subtitle: 'Where Write Back sends profiles: signed webhooks in the Standard Webhooks format.',
  empty: 'No destination is configured yet. Add one below.',
  loadFailed: 'Failed to load destinations',
  add: 'Add destination',
  adding: 'Adding…',
  kind: 'Destination',
  name: 'Name',
  url: 'URL',
  urlHelp: 'An address that accepts POST requests (https://; http:// only where the server allows it)',
  enabled: 'Enabled',
  delete: (name: string) => `Delete ${name}`,
  deleteTitle: 'Delete destination?',
  deleteQuestion: (name: string) => `Delete ${name}? Batches still waiting to be sent to it are given up. This cannot be undone.`,
  deleteConfirm: 'Delete',
  deleteFailed: 'Failed to delete destination',
  updateFailed: 'Failed to update destination',
  createFailed: 'Failed to add destination',
  secretTitle: (name: string) => `Signing secret of ${name}`,
  secretNotice: 'Copy the signing secret now: it is shown only once. Your endpoint verifies each delivery with it (Standard Webhooks).',
  secretField: 'Signing secret',
  copySecret: 'Copy secret',
  copied: 'Signing secret copied',
  copyFailed: 'Copying failed: select the secret and copy it yourself',
  secretDone: 'Done',
  close: 'Close',
  lastDelivery: (when: string | null) => (when ? `Last delivery ${when}` : 'Nothing delivered yet'),
} as const;

export const WRITEBACK_JOB_LABELS = {
  title: 'Write Back jobs',
  empty: 'No writeback has run for this company yet.',
  loadFailed: 'Failed to load writeback jobs',
  profiles: (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'profile' : 'profiles'}`,
  attempts: (count: number) => `${count} ${count === 1 ? 'attempt' : 'attempts'}`,
  batches: (delivered: number, total: number) => `${delivered} of ${total} ${total === 1 ? 'batch' : 'batches'} delivered`,
} as const;

export const WRITEBACK_JOB_STATUS_LABELS: Record<WritebackJobStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  delivered: 'Delivered',
  partial: 'Partly delivered',
  failed: 'Failed',
};

export const WRITEBACK_JOB_STATUS_COLORS: Record<WritebackJobStatus, 'default' | 'info' | 'success' | 'warning' | 'error'> = {
  queued: 'default',
  sending: 'info',
  delivered: 'success',
  partial: 'warning',
  failed: 'error',
};

export const WRITEBACK_DELIVERY_STATUS_LABELS: Record<WritebackDelivery['status'], string> = {
  pending: 'Pending',
  delivered: 'Delivered',
  failed: 'Failed',
};

export const WRITEBACK_DELIVERY_STATUS_COLORS: Record<WritebackDelivery['status'], 'info' | 'success' | 'error'> = {
  pending: 'info',
  delivered: 'success',
  failed: 'error',
};

export const EMPTY_AUDIENCE = {
  title: 'No audience profiles yet',
  body: 'Profiles are built from this company’s own data. Bring some in, and they appear here, joined across sources:',
  importCustomers: 'Import customers on the Data Sources page',
  collectSurveys: 'Collect survey responses with a published survey (LiveIQ)',
  sendEvents: 'Send events to the prediction API (Outbound API)',
  rebuildHint: 'Data already in? Build the profiles from it now.',
} as const;

export const LOADING_AUDIENCE = 'Loading audience';
export const COMPUTED_AT = (when: string) => `Profiles last built ${when}.`;
export const NEVER_COMPUTED = 'Profiles have not been built yet.';

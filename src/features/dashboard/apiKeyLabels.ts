/** The per-key breakdown's words, apart from its dialog so the page can name its button without loading the dialog. */
export const API_KEY_LABELS = {
  open: 'By API key',
  title: 'Calls by API key',
  table: 'Calls by API key',
  key: 'API key',
  calls: 'Calls',
  errors: 'Errors',
  p50: 'p50 latency',
  p95: 'p95 latency',
  items: 'Items served',
  none: 'No API key made a call in this period.',
  loading: 'Loading the calls by API key',
  failed: 'Failed to load the calls by API key',
  close: 'Close',
} as const;

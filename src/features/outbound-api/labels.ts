/** The Outbound API screen's words (data document, sections 2, 7 and 8), quoted by its stories and tests. */
export const OUTBOUND_TABS = {
  keys: 'API Keys',
  attributes: 'Custom Attributes',
  docs: 'Documentation',
  liveTest: 'Live Test',
} as const;
export type OutboundTab = keyof typeof OUTBOUND_TABS;

export const KEY_LABELS = {
  create: 'Create API Token',
  copyToken: 'Copy Token',
  downloadJson: 'Download JSON',
  pause: 'Pause',
  activate: 'Activate',
  delete: 'Delete',
  active: 'Active',
  paused: 'Paused',
  never: 'Never',
} as const;

export const KEY_MESSAGES_SHOWN = {
  copied: 'Token copied to clipboard!',
  closeWithoutSaving: 'Are you sure you want to close without downloading? The token will be permanently lost and cannot be recovered.',
  /**
   * The specification's notice says the token is not stored on the server; here the server keeps
   * a one-way hash of it (to recognise it on every call), never the token in readable form.
   */
  securityNotice:
    'This token is shown only once. Our servers keep only a one-way hash of it, never the token in readable form, so it cannot be shown again or recovered. Copy it or download it now and keep it somewhere safe.',
  copyFailed: 'Could not copy the token. Select it and copy it yourself, or download it.',
  noKeys: 'No API tokens yet. Create one to call the prediction API.',
  paused: (name: string) => `${name} paused: calls with it are refused at once.`,
  activated: (name: string) => `${name} activated.`,
  deleted: (name: string) => `${name} deleted.`,
  deleteQuestion: (name: string) => `Delete “${name}”? Every call with this token is refused from now on. This cannot be undone.`,
  readOnly: 'You can see the tokens and their usage. Creating, pausing and deleting them needs permission to manage the API.',
} as const;

export const ATTRIBUTE_LABELS = {
  add: 'Add Custom Attribute',
  edit: 'Edit Attribute',
  addButton: 'Add',
  updateButton: 'Update',
  empty: 'No custom attributes yet',
  deleteTitle: 'Delete Attribute',
  deleteQuestion: (name: string) => `Delete the custom attribute “${name}”? Predict calls that send it will be refused.`,
} as const;

export const LIVE_TEST_LABELS = {
  authRequired: 'Authentication required. Please log in.',
  errorDetails: 'Error Details',
  /** Under the items when an item ranks above one with a higher score. */
  reordered: 'Not in score order: Intent Diversification and the per-seller cap move similar items down so the list has variety.',
  useTestKey: 'Use a test key',
  send: 'Send Request',
  sending: 'Sending...',
  keyRequired: 'Paste one of your API tokens, or use a test key.',
  invalidJson: (field: string) => `${field} must be a JSON object`,
} as const;

export const CHOOSE_COMPANY_FOR_API = 'Choose a company in "View Data For" to see its API tokens, custom attributes and calls.';

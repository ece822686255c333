/** The model screen's words (data document, sections 1 and 2), quoted by its stories. */
export const MODEL_SCREEN = {
  title: 'Discovery Settings',
  tagline: 'Chart your model’s intelligence',
  requestAccess: 'Request Access',
  /** In place of Request Access for whoever tunes the model: the company has it already. */
  inUse: 'In use: tuned below',
  advancedSettings: 'Advanced Settings',
  save: 'Save',
  saving: 'Saving...',
  reset: 'Reset to defaults',
  evaluate: 'Evaluate',
  evaluating: 'Evaluating...',
  savedAs: (version: number) => `Saved as version ${version}`,
  resetDone: (version: number) => `Defaults restored as version ${version}`,
  resetQuestion: 'Reset every setting to its default? This is saved as a new version; earlier versions stay in the history.',
  accessRequested: (model: string) => `Thanks! Your request for access to ${model} has been sent. We will reply by e-mail.`,
  readOnly: 'You can see the settings. Changing them needs permission to manage the models.',
  chooseCompany: 'Choose a company in "View Data For" to see its model settings.',
  holdout: 'Holdout',
  holdoutHelp: 'Share of people (by a stable hash of user_id) who get the popularity baseline instead, so the overview can compare.',
  bannedPhrases: 'Banned phrases',
  requiredPhrases: 'Required phrases',
  unsaved: 'Unsaved changes',
} as const;

export const MODEL_NAMES = { discovery: 'Discovery AI', explanation: 'RECsplanation AI' } as const;
export type ModelTab = keyof typeof MODEL_NAMES;

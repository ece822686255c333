/** Every survey message of the data document's section 8 (and the checks of section 5), exactly. */

export const DRAFT_MESSAGES = {
  notLoggedIn: 'You are not logged in. Please log in again.',
  nameRequired: 'Please enter a draft name',
  renameEmpty: 'Survey name cannot be empty',
  loadListFailed: (detail: string) => `Failed to load drafts: ${detail}`,
  saveFailed: (detail: string) => `Failed to save draft: ${detail}`,
  loadFailed: (detail: string) => `Failed to load draft: ${detail}`,
  deleteFailed: (detail: string) => `Failed to delete draft: ${detail}`,
  publishFailed: (detail: string) => `Failed to publish survey: ${detail}`,
  renameFailed: 'Failed to update survey name. Please try again.',
  renameFailedToast: '❌ Failed to save survey name',
  notFound: 'Draft not found. Please try again.',
  saved: 'Draft saved successfully!',
  updated: 'Draft updated successfully!',
  loaded: 'Draft loaded successfully!',
  deleted: 'Draft deleted successfully!',
  published: 'Survey published successfully and moved to published surveys!',
  renamedToast: '✅ Survey name saved successfully!',
  saving: 'Saving...',
  confirmDelete: 'Are you sure you want to delete this draft? This cannot be undone.',
} as const;

/** The API's answer for a published survey that does not exist or is out of the caller's reach (one answer for both). */
export const SURVEY_NOT_FOUND = { error: 'Survey not found', message: 'No published survey with this id exists in your reach.' };

export const BUILDER_MESSAGES = {
  noPreviousQuestions: 'No previous questions available for conditions',
  noOptions: (kind: string) => `No options configured for this ${kind} question`,
  questionTitleRequired: 'Question title is required',
  noQuestionsYet: 'No questions yet. Press "Add New Field" to add your first question.',
} as const;

export const PUBLISHED_MESSAGES = {
  empty: 'No published surveys yet. Publish your first survey from the Create New section!',
  saveSettingsFailed: (detail = '') => `Failed to save settings: ${detail}`,
  stopFailed: (detail = '') => `Failed to stop survey: ${detail}`,
  startFailed: (detail = '') => `Failed to start survey: ${detail}`,
  copyFailed: (detail = '') => `Failed to create draft copy: ${detail}`,
  deleteFailed: (detail = '') => `Failed to delete survey: ${detail}`,
  settingsSaved: 'Settings saved successfully!',
  stopped: 'Survey stopped successfully!',
  started: 'Survey started successfully!',
  deleted: 'Survey deleted successfully!',
  copied: 'Survey copied to drafts successfully! Redirecting to creation...',
  saving: 'Saving...',
  saved: 'Saved!',
  selectSurveyFirst: 'Select a survey and press Customize Display to edit its styling and targeting.',
  confirmDelete: 'Are you sure you want to delete this survey? This is permanent and cannot be undone.',
  editWarning:
    'Editing creates a draft copy of this survey. The published survey does not change until you publish the copy.',
  endDateRequired: 'Please select an end date',
  daysInvalid: 'Please enter a valid number of days',
  responsesInvalid: 'Please enter a valid number of responses',
} as const;

export const THEME_MESSAGES = {
  nameRequired: 'Please enter a theme name',
  saved: 'Theme saved successfully!',
  deleted: 'Theme deleted successfully!',
  loaded: (name: string) => `Theme "${name}" loaded successfully!`,
  reset: 'Reset to default theme!',
  confirmDelete: (name: string) => `Delete the theme "${name}"?`,
} as const;

export const LOGO_MESSAGES = {
  tooLarge: 'File size must be less than 5MB',
  notImage: 'Please select an image file',
  readError: 'Error reading file',
  httpsOnly: 'The logo address must start with https://',
} as const;

export const IDENTIFIER_MESSAGES = {
  confirmOverride: 'Are you sure you want to override the global identifier requirements?',
  reasonRequired: 'Please provide a reason for this override.',
  typeRequired: 'Please select at least one identifier type.',
  typeNotAllowed: 'This identifier type may not be used in an override.',
  overrideNotAllowed: 'The company settings do not allow surveys to override the global identifier requirements.',
  globalSaved: 'Global identifier settings saved successfully!',
  globalSaveFailed: (detail: string) => `Failed to save global identifier settings: ${detail}`,
} as const;

/** The company embed screen's Survey Completion Triggers form (section 8, "Embed forms"). */
export const TRIGGER_MESSAGES = {
  saveFailed: (detail: string) => `Failed to save trigger settings: ${detail}`,
  callbackNameRequired: 'Enter the name of the function to call.',
  callbackNameInvalid: 'Use a JavaScript function name or path (onSurveyDone, myApp.onSurveyDone): letters, digits, _ or $, not starting with a digit.',
  redirectUrlRequired: 'Enter the address to send respondents to.',
  redirectUrlInvalid: 'The address must start with https:// or http://',
  webhookUrlRequired: 'Enter the address that receives completions.',
  webhookUrlInvalid: 'The webhook address must start with https://',
} as const;

/** The company embed screen's Response Collection form. */
export const COLLECTION_MESSAGES = {
  cooldownDays: 'Enter a whole number of days from 0 to 365.',
} as const;

/** InsightIQ, the results tab (section 8, "Published surveys"). */
export const RESULTS_MESSAGES = {
  exportFailed: 'Failed to export responses. Please try again.',
  exported: (count: number) => `Exported ${count} responses to CSV file!`,
  noResponses: 'No responses found matching your current filters.',
  noQuestions: 'No Questions Available',
  noQuestionsFound: 'No questions found',
  noAnswers: 'No one has answered this question yet.',
} as const;

export const TARGETING_MESSAGES = {
  invalidRegex: (pattern: string) => `"${pattern}" is not a valid regular expression`,
  unsafeRegex: (pattern: string) =>
    `"${pattern}" could take too long to match (a repetition inside a repetition, alternatives inside a repetition, or a back-reference); simplify the pattern, for example with a character class such as [ab]*`,
} as const;

/** The targeting step's audience requirement (a saved view or a category the visitor must be in). */
export const AUDIENCE_TARGETING_MESSAGES = {
  kind: 'Choose a saved view or a category',
  required: 'Choose the audience that sees this survey',
  category: 'Choose one of the audience categories',
  view: 'Choose one of the saved views',
  viewNotFound: "The saved view does not exist in this survey's company. Choose another audience.",
} as const;

/** What the renderer tells a respondent. */
export const ANSWER_MESSAGES = {
  required: 'This question is required.',
  tooShort: (min: number) => `Please enter at least ${min} characters.`,
  tooLong: (max: number) => `Please enter no more than ${max} characters.`,
  email: 'Please enter a valid email address.',
  number: 'Please enter a number.',
  range: (min: number, max: number) => `Please enter a number between ${min} and ${max}.`,
  step: (step: number) => `Please enter a multiple of ${step}.`,
  rating: (max: number) => `Please choose a rating from 1 to ${max}.`,
  option: 'Please choose one of the options.',
  date: 'Please enter a valid date.',
  time: 'Please enter a valid time.',
  yesNo: "Please answer 'yes' or 'no'.",
} as const;

/** What publishing (and the builder's logic check) says about a survey that is not ready. */
export const CHECK_MESSAGES = {
  titleRequired: 'The survey needs a title.',
  noQuestions: 'Add at least one question before publishing.',
  questionTitle: (label: string) => `${label} needs a title.`,
  noOptions: (label: string) => `${label} is a choice question without options.`,
  missingTarget: (label: string) => `${label} has a condition on a question that no longer exists.`,
  laterTarget: (label: string, target: string) =>
    `${label} has a condition on ${target}, which does not come before it. Conditions may only use earlier questions.`,
  duplicateId: (label: string) => `${label} has the same id as another question.`,
} as const;

/**
 * The renderer's own wording: what a respondent reads around the questions. The survey's rules
 * and their messages (answers, missing options) come from src/domain/survey/messages.ts.
 */
export const RENDERER_LABELS = {
  previous: 'Previous',
  next: 'Next',
  submit: 'Submit',
  submitting: 'Submitting...',
  /** The carousel counter of the preview rules: 'n of total'. */
  counter: (position: number, total: number) => `${position} of ${total}`,
  progress: 'Survey progress',
  answered: (answered: number, total: number) => `${answered} of ${total} answered`,
  required: '(required)',
  chooseOption: 'Select an option',
  yes: 'Yes',
  no: 'No',
  logo: 'Logo',
  /** The spec's preview Submit sends nothing; the notice says so instead of pretending. */
  previewNotice: 'This is a preview: your answers were checked but not sent.',
  thankYou: 'Thank you! Your answers have been submitted.',
  submitFailed: 'Your answers could not be sent. Please try again.',
} as const;

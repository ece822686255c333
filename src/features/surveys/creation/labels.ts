/** The creator's own labels; messages of the specification come from @domain/survey/messages. */
import { questionLabel } from '@domain/survey/check';
import { DRAFT_MESSAGES } from '@domain/survey/messages';
import type { Condition, ConditionAction, ConditionOperator, DateFormat, Question } from '@domain/survey/types';

export const CREATOR_TABS = ['guide', 'builder', 'styling', 'preview', 'drafts'] as const;
export type CreatorTab = (typeof CREATOR_TABS)[number];

export const CREATOR_TAB_LABELS: Record<CreatorTab, string> = {
  guide: 'Guide',
  builder: 'Survey Builder',
  styling: 'Styling',
  preview: 'Preview',
  drafts: 'Drafts',
};

export const CREATOR_LABELS = {
  pageTitle: 'CreateIQ',
  pageSubtitle: 'Build a survey, style it, save it as a draft and publish it.',
  saveAsDraft: 'Save as Draft',
  updateDraft: 'Update Draft',
  saving: DRAFT_MESSAGES.saving,
  saved: 'Saved!',
  publish: 'Publish',
  publishing: 'Publishing...',
  newSurvey: 'New Survey',
  draftName: 'Draft Name',
  surveyTitle: 'Survey Title',
  surveyDescription: 'Survey Description',
  questions: 'Questions',
  addNewField: 'Add New Field',
  editorTitle: 'Create New Survey',
  reviewSurvey: 'Review Survey',
  saveQuestion: 'Save Question',
  cancel: 'Cancel',
  loadDraft: 'Load Draft',
  delete: 'Delete',
  deleteDraft: 'Delete Draft',
  retryLoading: 'Retry Loading',
  noDrafts: 'No drafts yet. Build a survey and press "Save as Draft" to keep it here.',
  currentDraft: 'Current',
  unsavedSurvey: 'Not saved as a draft yet',
  readOnly: 'You can look at surveys and drafts here; changing them needs the permission to manage surveys.',
  publishChecklist: 'Before publishing, fix the following:',
  readyToPublish: 'Ready to publish.',
  logicCheck: 'Logic check',
} as const;

/** The editor's wording of an operator, as it reads in a sentence ('Question 1 equals "Yes"'). */
export const OPERATOR_LABELS: Record<ConditionOperator, string> = {
  equals: 'equals',
  not_equals: 'does not equal',
  contains: 'contains',
  not_contains: 'does not contain',
  is_empty: 'is empty',
  is_not_empty: 'is not empty',
  greater_than: 'is greater than',
  less_than: 'is less than',
  greater_equal: 'is at least',
  less_equal: 'is at most',
};

export const ACTION_LABELS: Record<ConditionAction, string> = {
  show: 'Show this question',
  hide: 'Hide this question',
  skip: 'Skip this question',
};

export const DATE_FORMAT_LABELS: Record<DateFormat, string> = {
  date: 'Date',
  'datetime-local': 'Date and time',
  time: 'Time',
};

const VALUELESS: readonly ConditionOperator[] = ['is_empty', 'is_not_empty'];

/** 'Show this question when Question 1 ("Do you shop online?") equals "yes"', or the deleted target. */
export function conditionSummary(condition: Condition, questions: readonly Question[]): string {
  const index = questions.findIndex((question) => question.id === condition.targetQuestionId);
  const target = index === -1 ? 'a deleted question' : questionLabel(questions[index], index);
  const value = VALUELESS.includes(condition.operator) ? '' : ` "${condition.value}"`;
  return `${ACTION_LABELS[condition.action ?? 'show']} when ${target} ${OPERATOR_LABELS[condition.operator]}${value}`;
}

/** The condition editor's own labels. */
export const CONDITION_LABELS = {
  heading: 'Conditional Logic',
  hint: 'Show, hide or skip this question depending on an answer to an earlier question. The first condition that matches decides.',
  add: 'Add Condition',
  target: 'If the answer to',
  operator: 'Operator',
  value: 'Value',
  action: 'Then',
  remove: (n: number) => `Remove condition ${n}`,
  condition: (n: number) => `Condition ${n}`,
  unknownTarget: 'A deleted or later question',
} as const;

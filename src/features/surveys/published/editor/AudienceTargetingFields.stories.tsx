import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, type within } from 'storybook/test';
import { AUDIENCE_TARGETING_MESSAGES } from '@domain/survey/messages';
import { failure, mockFetch } from '@/lib/testing/mockFetch';
import { ACME_AUDIENCE_TARGETS, PUBLISHED, publishedApiRoutes, withSurveySession } from '../../fixtures';
import { editorValuesOf } from '../displayEditorForm';
import {
  AUDIENCE_GROUP_LABELS,
  AUDIENCE_HELPER,
  AUDIENCE_LOAD_FAILED,
  AUDIENCE_SELECT_LABEL,
  AUDIENCE_SWITCH_LABEL,
  AudienceTargetingFields,
  NO_SAVED_VIEWS,
} from './AudienceTargetingFields';
import { CHECK_LABEL, CHECKED_TEST_ID, checkedValues, withEditorForm } from './editorStoryHarness';

const survey = PUBLISHED.satisfaction;
const targetsPath = `/api/surveys/published/${survey.id}/audience-targets`;

const meta = {
  title: 'Surveys/LiveIQ/Custom Display/AudienceTargetingFields',
  component: AudienceTargetingFields,
  args: { surveyId: survey.id },
  // Each story brings its own form (its starting values); the session and notices are shared.
  decorators: [withSurveySession()],
  beforeEach: () => mockFetch(publishedApiRoutes()),
} satisfies Meta<typeof AudienceTargetingFields>;
export default meta;

type Story = StoryObj<typeof meta>;

const check = async (canvas: ReturnType<typeof within>, click: (element: Element) => Promise<void>) => {
  await click(canvas.getByRole('button', { name: CHECK_LABEL }));
  await waitFor(() => expect(canvas.getByTestId(CHECKED_TEST_ID)).not.toBeEmptyDOMElement());
};

/** Off by default; switched on, one menu offers the company's saved views and the categories. */
export const ChooseASavedView: Story = {
  decorators: [withEditorForm({ survey })],
  play: async ({ canvas, userEvent }) => {
    const toggle = canvas.getByRole('switch', { name: AUDIENCE_SWITCH_LABEL });
    await expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    await expect(await canvas.findByText(AUDIENCE_HELPER)).toBeVisible();
    // Switched on with nothing chosen: Save would be refused.
    await check(canvas, userEvent.click);
    await expect(await canvas.findByText(AUDIENCE_TARGETING_MESSAGES.required)).toBeVisible();

    await waitFor(() => expect(canvas.getByRole('combobox', { name: AUDIENCE_SELECT_LABEL })).not.toHaveAttribute('aria-disabled', 'true'));
    await userEvent.click(canvas.getByRole('combobox', { name: AUDIENCE_SELECT_LABEL }));
    await expect(await screen.findByText(AUDIENCE_GROUP_LABELS.view)).toBeVisible();
    await expect(screen.getByText(AUDIENCE_GROUP_LABELS.category)).toBeVisible();
    await expect(screen.getByRole('option', { name: 'Power Users' })).toBeVisible();
    await userEvent.click(screen.getByRole('option', { name: ACME_AUDIENCE_TARGETS.views[0]!.name }));
    await check(canvas, userEvent.click);
    await waitFor(() => expect(canvas.getByTestId(CHECKED_TEST_ID)).not.toHaveTextContent(/^invalid$/));
    await expect(checkedValues(canvas.getByTestId(CHECKED_TEST_ID)).displayTriggers.audienceTargeting).toEqual({
      enabled: true,
      kind: 'view',
      id: ACME_AUDIENCE_TARGETS.views[0]!.id,
    });
  },
};

/** A category is kept with its id; the menu shows the one chosen. */
export const ChooseACategory: Story = {
  decorators: [
    withEditorForm({
      values: { ...editorValuesOf(survey), displayTriggers: { ...editorValuesOf(survey).displayTriggers, audienceTargeting: { enabled: true, kind: 'category', id: 'at-risk' } } },
    }),
  ],
  play: async ({ canvas, userEvent }) => {
    await waitFor(() => expect(canvas.getByRole('combobox', { name: AUDIENCE_SELECT_LABEL })).toHaveTextContent('At Risk'));
    await userEvent.click(canvas.getByRole('combobox', { name: AUDIENCE_SELECT_LABEL }));
    await userEvent.click(await screen.findByRole('option', { name: 'High Value' }));
    await check(canvas, userEvent.click);
    await expect(checkedValues(canvas.getByTestId(CHECKED_TEST_ID)).displayTriggers.audienceTargeting).toEqual({ enabled: true, kind: 'category', id: 'high-value' });
  },
};

/** A company without saved views still offers the categories. */
export const NoSavedViews: Story = {
  decorators: [withEditorForm({ survey })],
  beforeEach: () => mockFetch(publishedApiRoutes({ audienceTargets: { ...ACME_AUDIENCE_TARGETS, views: [] } })),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('switch', { name: AUDIENCE_SWITCH_LABEL }));
    await waitFor(() => expect(canvas.getByRole('combobox', { name: AUDIENCE_SELECT_LABEL })).not.toHaveAttribute('aria-disabled', 'true'));
    await userEvent.click(canvas.getByRole('combobox', { name: AUDIENCE_SELECT_LABEL }));
    await expect(await screen.findByRole('option', { name: NO_SAVED_VIEWS })).toHaveAttribute('aria-disabled', 'true');
    await expect(screen.getByRole('option', { name: 'Churned' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
  },
};

/** The list could not be loaded: said so, and nothing to choose. */
export const TargetsUnavailable: Story = {
  decorators: [withEditorForm({ survey })],
  beforeEach: () => mockFetch(publishedApiRoutes({ overrides: { [`GET ${targetsPath}`]: failure('internal_error') } })),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('switch', { name: AUDIENCE_SWITCH_LABEL }));
    await expect(await canvas.findByText(AUDIENCE_LOAD_FAILED)).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: AUDIENCE_SELECT_LABEL })).toHaveAttribute('aria-disabled', 'true');
  },
};

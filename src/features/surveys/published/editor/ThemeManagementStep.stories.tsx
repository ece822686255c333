import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { DEFAULT_THEME } from '@domain/survey/defaults';
import { THEME_MESSAGES } from '@domain/survey/messages';
import { acmeCompany } from '@/lib/testing/sessions';
import { failure, mockFetch, type MockCall } from '@/lib/testing/mockFetch';
import { PUBLISHED, publishedApiRoutes, SAVED_THEMES, withSurveySession } from '../../fixtures';
import { callsTo, expectNotice } from '../storyHelpers';
import { CHECK_LABEL, CHECKED_TEST_ID, checkedValues, withEditorForm } from './editorStoryHarness';
import { SAVE_THEME_FAILED, SAVE_THEME_TITLE } from './SaveThemeDialog';
import { NO_SAVED_THEMES, RESET_THEME_LABEL, ThemeManagementStep } from './ThemeManagementStep';

let calls: MockCall[] = [];

const meta = {
  title: 'Surveys/LiveIQ/Custom Display/ThemeManagementStep',
  component: ThemeManagementStep,
  args: { companyId: acmeCompany.id },
  decorators: [withEditorForm(), withSurveySession()],
  beforeEach: () => {
    const restore = mockFetch(publishedApiRoutes());
    calls = restore.calls;
    return restore;
  },
} satisfies Meta<typeof ThemeManagementStep>;
export default meta;

type Story = StoryObj<typeof meta>;

const checked = async (canvas: ReturnType<typeof within>, click: (element: Element) => Promise<void>) => {
  await click(canvas.getByRole('button', { name: CHECK_LABEL }));
  await waitFor(() => expect(canvas.getByTestId(CHECKED_TEST_ID)).not.toBeEmptyDOMElement());
  return checkedValues(canvas.getByTestId(CHECKED_TEST_ID));
};

/** Save names the current colours, typography and logo; the company's list grows. */
export const SaveTheme: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByText('Acme Green')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: SAVE_THEME_TITLE }));
    const dialog = within(await screen.findByRole('dialog', { name: SAVE_THEME_TITLE }));
    await userEvent.click(dialog.getByRole('button', { name: SAVE_THEME_TITLE }));
    await expect(await dialog.findByText(THEME_MESSAGES.nameRequired)).toBeVisible();
    await userEvent.type(dialog.getByRole('textbox', { name: /Theme name/ }), 'Store Green');
    await userEvent.click(dialog.getByRole('button', { name: SAVE_THEME_TITLE }));
    await expectNotice(THEME_MESSAGES.saved);
    await expect(await canvas.findByText('Store Green')).toBeVisible();
    const [post] = callsTo(calls, 'POST', '/api/surveys/themes');
    await expect(post.body).toEqual({
      name: 'Store Green',
      settings: { theme: PUBLISHED.satisfaction.embedSettings.settings.theme, logo: PUBLISHED.satisfaction.embedSettings.settings.logo },
    });
  },
};

/** Load applies a saved theme's colours, typography and logo; Reset goes back to the default colours. */
export const LoadAndReset: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Load Night Sale' }));
    await expectNotice(THEME_MESSAGES.loaded('Night Sale'));
    let values = await checked(canvas, (element) => userEvent.click(element));
    await expect(values.settings.theme).toEqual(SAVED_THEMES[1].settings.theme);
    await expect(values.settings.logo).toEqual(SAVED_THEMES[1].settings.logo);

    await userEvent.click(canvas.getByRole('button', { name: RESET_THEME_LABEL }));
    await expectNotice(THEME_MESSAGES.reset);
    values = await checked(canvas, (element) => userEvent.click(element));
    await expect(values.settings.theme).toEqual(DEFAULT_THEME);
  },
};

/** Delete asks first, then the theme leaves the company's list. */
export const DeleteTheme: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Delete Acme Green' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete Theme' }));
    await expect(dialog.getByText(THEME_MESSAGES.confirmDelete('Acme Green'))).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    await expectNotice(THEME_MESSAGES.deleted);
    await waitFor(() => expect(canvas.queryByText('Acme Green')).not.toBeInTheDocument());
    await expect(callsTo(calls, 'DELETE', `/api/surveys/themes/${SAVED_THEMES[0].id}`)).toHaveLength(1);
  },
};

/** A failed save says why inside the dialog, and the name can be sent again. */
export const SaveFails: Story = {
  beforeEach: () =>
    mockFetch(publishedApiRoutes({ overrides: { 'POST /api/surveys/themes': failure('already_exists', { error: 'A theme with this name exists' }) } })),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: SAVE_THEME_TITLE }));
    const dialog = within(await screen.findByRole('dialog', { name: SAVE_THEME_TITLE }));
    await userEvent.type(dialog.getByRole('textbox', { name: /Theme name/ }), 'Acme Green');
    await userEvent.click(dialog.getByRole('button', { name: SAVE_THEME_TITLE }));
    await expect(await dialog.findByText(SAVE_THEME_FAILED)).toBeVisible();
    await expect(dialog.getByText('A theme with this name exists')).toBeVisible();
  },
};

/** Saved themes failing to load is silent: the list starts empty. */
export const NoThemes: Story = {
  beforeEach: () => mockFetch(publishedApiRoutes({ overrides: { 'GET /api/surveys/themes': failure('internal_error') } })),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(NO_SAVED_THEMES)).toBeVisible();
  },
};

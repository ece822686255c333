import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { IDENTIFIER_MESSAGES, PUBLISHED_MESSAGES, TARGETING_MESSAGES, THEME_MESSAGES } from '@domain/survey/messages';
import type { DisplayTriggers, EmbedSettings } from '@domain/survey/types';
import { failure, mockFetch, type MockCall } from '@/lib/testing/mockFetch';
import { ACME_IDENTIFIERS, PUBLISHED, publishedApiRoutes, SAVED_THEMES, withSurveySession } from '../fixtures';
import { CHECK_SETTINGS_TITLE, CustomDisplayPanel, READ_ONLY_DISPLAY, SAVE_SETTINGS_LABEL } from './CustomDisplayPanel';
import { OVERRIDE_DIALOG_TITLE, OVERRIDE_SWITCH_LABEL } from './editor/IdentifierOverrideSection';
import { URL_PATTERNS_LABEL } from './editor/TargetingFields';
import { callsTo, expectNotice, stepTab } from './storyHelpers';

let calls: MockCall[] = [];

const survey = PUBLISHED.satisfaction;
const embedPath = `/api/surveys/published/${survey.id}/embed-settings`;
const triggersPath = `/api/surveys/published/${survey.id}/display-triggers`;

const meta = {
  title: 'Surveys/LiveIQ/CustomDisplayPanel',
  component: CustomDisplayPanel,
  args: { survey, canManage: true },
  decorators: [withSurveySession()],
  beforeEach: () => {
    const restore = mockFetch(publishedApiRoutes());
    calls = restore.calls;
    return restore;
  },
} satisfies Meta<typeof CustomDisplayPanel>;
export default meta;

type Story = StoryObj<typeof meta>;

const save = () => screen.getByRole('button', { name: SAVE_SETTINGS_LABEL });

export const NoSurveyChosen: Story = {
  args: { survey: null },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(PUBLISHED_MESSAGES.selectSurveyFirst)).toBeVisible();
  },
};

export const ReadOnly: Story = {
  args: { canManage: false },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(READ_ONLY_DISPLAY)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: SAVE_SETTINGS_LABEL })).not.toBeInTheDocument();
  },
};

/** Seven steps, any of them reachable; button styling only while the widget is a button. */
export const ButtonStepOnlyInButtonMode: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getAllByRole('tab').map((tab) => tab.textContent?.replace(/^\d+/, ''))).toEqual([
      'Theme Management',
      'Company Logo',
      'Colours & Typography',
      'Layout & Display',
      'Widget Display Mode',
      'Button Styling',
      'When to Show the Survey',
    ]);
    await userEvent.click(stepTab('Button Styling'));
    await expect(await canvas.findByRole('textbox', { name: 'Button text' })).toBeVisible();

    await userEvent.click(stepTab('Widget Display Mode'));
    await userEvent.click(await canvas.findByRole('radio', { name: /^Overlay/ }));
    await waitFor(() => expect(canvas.queryByRole('tab', { name: /Button Styling/ })).not.toBeInTheDocument());
    await expect(canvas.getAllByRole('tab')).toHaveLength(6);
    await userEvent.click(canvas.getByRole('radio', { name: /^Button/ }));
    await expect(await canvas.findByRole('tab', { name: /Button Styling/ })).toBeVisible();
  },
};

/**
 * Saving sends the styling and the targeting in their two calls; the button says "Saving...",
 * then "Saved!" for 3 seconds.
 */
export const SaveSendsBothCalls: Story = {
  beforeEach: () => {
    const restore = mockFetch(publishedApiRoutes({ putDelayMs: 400 }));
    calls = restore.calls;
    return restore;
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(stepTab('Widget Display Mode'));
    await userEvent.click(await canvas.findByRole('radio', { name: /^Inline/ }));
    await userEvent.click(stepTab('When to Show the Survey'));
    const share = await canvas.findByRole('spinbutton', { name: 'Show to this share of visitors' });
    await userEvent.clear(share);
    await userEvent.type(share, '30');

    await userEvent.click(save());
    await expect(await canvas.findByRole('button', { name: PUBLISHED_MESSAGES.saving })).toBeDisabled();
    await expect(await canvas.findByRole('button', { name: PUBLISHED_MESSAGES.saved })).toBeVisible();
    await expectNotice(PUBLISHED_MESSAGES.settingsSaved);

    const [embed] = callsTo(calls, 'PUT', embedPath);
    const [triggers] = callsTo(calls, 'PUT', triggersPath);
    const settings = (embed.body as { settings: EmbedSettings }).settings;
    await expect(settings.widget.displayMode).toBe('inline');
    await expect(settings.theme).toEqual(survey.embedSettings.settings.theme);
    await expect((triggers.body as { displayTriggers: DisplayTriggers }).displayTriggers.showPercentage).toBe(30);
    // No custom identifiers: nothing to log.
    await expect(callsTo(calls, 'POST', '/api/admin/override-logs')).toHaveLength(0);

    await waitFor(() => expect(canvas.getByRole('button', { name: SAVE_SETTINGS_LABEL })).toBeVisible(), { timeout: 5_000 });
  },
};

/** A regex that could hang a visitor's browser is refused before anything is sent. */
export const RegexErrorBlocksSave: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(stepTab('When to Show the Survey'));
    await userEvent.click(await canvas.findByRole('switch', { name: 'Show on some pages only' }));
    await userEvent.type(canvas.getByRole('textbox', { name: URL_PATTERNS_LABEL }), '^/shop/(\\w+)*$');
    await userEvent.click(canvas.getByRole('combobox', { name: 'Match type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Regex' }));
    await userEvent.click(save());

    const message = TARGETING_MESSAGES.unsafeRegex('^/shop/(\\w+)*$');
    const summary = within(await canvas.findByRole('alert'));
    await expect(summary.getByText(CHECK_SETTINGS_TITLE)).toBeVisible();
    await expect(summary.getByText(`When to Show the Survey: ${message}`)).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: URL_PATTERNS_LABEL })).toHaveAccessibleDescription(message);
    await expect(callsTo(calls, 'PUT', /^\/api\/surveys\/published\//)).toHaveLength(0);

    await userEvent.click(canvas.getByRole('combobox', { name: 'Match type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Starts with' }));
    await waitFor(() => expect(canvas.queryByText(CHECK_SETTINGS_TITLE)).not.toBeInTheDocument());
  },
};

/**
 * The override asks first, needs its reason, and is logged when saved, with the survey's own
 * identifier settings.
 */
export const OverrideIsConfirmedAndLogged: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(stepTab('When to Show the Survey'));
    await userEvent.click(await canvas.findByRole('switch', { name: OVERRIDE_SWITCH_LABEL }));
    const dialog = within(await screen.findByRole('dialog', { name: OVERRIDE_DIALOG_TITLE }));
    await expect(dialog.getByText(new RegExp(ACME_IDENTIFIERS.overrideWarning))).toBeVisible();
    await expect(dialog.getByText(new RegExp(IDENTIFIER_MESSAGES.confirmOverride))).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Override' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(save());
    await expect(await canvas.findByText(IDENTIFIER_MESSAGES.reasonRequired, { selector: 'p' })).toBeVisible();
    await expect(callsTo(calls, 'PUT', /^\/api\/surveys\/published\//)).toHaveLength(0);

    await userEvent.type(canvas.getByRole('textbox', { name: /Reason for the override/ }), 'Kiosk visitors are anonymous');
    await userEvent.click(canvas.getByRole('checkbox', { name: 'UUID' }));
    await userEvent.click(save());
    await expectNotice(PUBLISHED_MESSAGES.settingsSaved);

    const triggers = (callsTo(calls, 'PUT', triggersPath)[0].body as { displayTriggers: DisplayTriggers }).displayTriggers;
    await expect(triggers).toEqual(expect.objectContaining({ useCustomIdentifiers: true, overrideReason: 'Kiosk visitors are anonymous' }));
    const [log] = callsTo(calls, 'POST', '/api/admin/override-logs');
    await expect(log.body).toEqual({
      surveyId: survey.id,
      overrideReason: 'Kiosk visitors are anonymous',
      customSettings: {
        requireIdentifier: true,
        identifierTypes: ['email', 'uuid'],
        identifierFields: ACME_IDENTIFIERS.identifierFields,
      },
    });
  },
};

/** The override log failing is only warned about: the settings are saved all the same. */
export const OverrideLogFailureIgnored: Story = {
  args: {
    survey: {
      ...survey,
      display_triggers: { ...survey.display_triggers, useCustomIdentifiers: true, overrideReason: 'Pilot', identifierTypes: ['uuid'] },
    },
  },
  beforeEach: () => {
    const restore = mockFetch(
      publishedApiRoutes({ overrides: { 'POST /api/admin/override-logs': failure('override_not_allowed') } }),
    );
    calls = restore.calls;
    return restore;
  },
  play: async ({ userEvent }) => {
    await userEvent.click(save());
    await expectNotice(PUBLISHED_MESSAGES.settingsSaved);
    await expect(callsTo(calls, 'POST', '/api/admin/override-logs')).toHaveLength(1);
    await expect(callsTo(calls, 'PUT', triggersPath)).toHaveLength(1);
  },
};

/** A refused save says why; the fields the server names are listed with their step. */
export const SaveFails: Story = {
  beforeEach: () =>
    mockFetch(
      publishedApiRoutes({
        overrides: {
          [`PUT ${embedPath}`]: failure('validation_failed', {
            message: 'Check the fields named in the answer.',
            fields: { 'settings.layout.maxWidth': 'Must be a length like 600px or 100%' },
          }),
        },
      }),
    ),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(save());
    await expectNotice(PUBLISHED_MESSAGES.saveSettingsFailed('Check the fields named in the answer.'));
    await expect(canvas.getByText('Layout & Display: Must be a length like 600px or 100%')).toBeVisible();
    await expect(canvas.getByRole('button', { name: SAVE_SETTINGS_LABEL })).toBeEnabled();
  },
};

/** A loaded theme is part of what is saved, and the preview column stays beside the steps. */
export const LoadedThemeIsSaved: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('heading', { name: 'Live Preview' })).toBeVisible();
    await userEvent.click(await canvas.findByRole('button', { name: 'Load Night Sale' }));
    await expectNotice(THEME_MESSAGES.loaded('Night Sale'));
    await userEvent.click(save());
    await expectNotice(PUBLISHED_MESSAGES.settingsSaved);
    const settings = (callsTo(calls, 'PUT', embedPath)[0].body as { settings: EmbedSettings }).settings;
    await expect(settings.theme).toEqual(SAVED_THEMES[1].settings.theme);
    await expect(settings.logo).toEqual(SAVED_THEMES[1].settings.logo);
  },
};

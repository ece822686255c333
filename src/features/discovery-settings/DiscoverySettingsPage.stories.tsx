import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { DISCOVERY_LEVERS, EXPLANATION_LEVERS } from '@domain/models/settings';
import { SESSIONS } from '@/lib/testing/fixtures';
import { mockFetch, type MockCall } from '@/lib/testing/mockFetch';
import { expectShown } from '@/lib/testing/storyHelpers';
import { DiscoverySettingsPage } from './DiscoverySettingsPage';
import { DEFAULTS_VIEW, MODELS_READ_ONLY_SESSION, modelSettingsRoutes, withModelSession } from './fixtures';
import { MODEL_SCREEN } from './labels';

let calls: MockCall[] = [];

const meta = {
  title: 'Pages/Discovery Settings',
  component: DiscoverySettingsPage,
  decorators: [withModelSession()],
  parameters: { layout: 'padded' },
  beforeEach: () => {
    const restore = mockFetch(modelSettingsRoutes());
    calls = restore.calls;
    return restore;
  },
} satisfies Meta<typeof DiscoverySettingsPage>;
export default meta;

type Story = StoryObj<typeof meta>;

const sliders = () => screen.getAllByRole('slider');

/** Discovery AI: twelve levers and the holdout, each with its value; delivery data is missing, and the note says so. */
export const DiscoveryTab: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: MODEL_SCREEN.title })).toBeVisible();
    await expect(canvas.getByText(MODEL_SCREEN.tagline)).toBeVisible();
    await expectShown(() => canvas.getByRole('tab', { name: 'Discovery AI', selected: true }));
    // The admin tunes the model below: the company has it, so there is no access to ask for.
    await expect(canvas.getByText(MODEL_SCREEN.inUse)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: MODEL_SCREEN.requestAccess })).not.toBeInTheDocument();
    await waitFor(() => expect(sliders()).toHaveLength(DISCOVERY_LEVERS.length + 1));
    await expect(canvas.getByText('0 % of items have delivery_days, so this slider has no effect')).toBeVisible();
    await expect(canvas.getByText('Version 3')).toBeVisible();
    await expectShown(() => canvas.getByText('Version 3 (current)'));
  },
};

export const RecsplanationTab: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('tab', { name: 'RECsplanation AI' }));
    await waitFor(() => expect(sliders()).toHaveLength(EXPLANATION_LEVERS.length));
    await expect(canvas.getByText('guaranteed')).toBeVisible();
    await expect(canvas.getByText('Handpicked for you')).toBeVisible();
  },
};

/** Move a slider, Evaluate (current vs edited), then Save: a new version. */
export const EvaluateThenSave: Story = {
  play: async ({ canvas, userEvent }) => {
    const contentDiscovery = await canvas.findByRole('slider', { name: 'Content Discovery' });
    // Two steps up from the current version's value (the model's default).
    const moved = Number(contentDiscovery.getAttribute('aria-valuenow')) + 2;
    contentDiscovery.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await expect(contentDiscovery).toHaveAttribute('aria-valuenow', String(moved));
    await expect(canvas.getByText(MODEL_SCREEN.unsaved)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: MODEL_SCREEN.evaluate }));
    const evaluation = within(await canvas.findByRole('region', { name: 'Evaluation' }));
    await expect(evaluation.getByText('+0.017')).toBeVisible();
    const evaluateCall = calls.find((call) => call.path === '/api/model-settings/evaluate');
    await expect(evaluateCall?.body).toMatchObject({ settings: { discovery: { contentDiscovery: moved } } });
    await userEvent.click(canvas.getByRole('button', { name: MODEL_SCREEN.save }));
    await expectShown(() => screen.getByText(MODEL_SCREEN.savedAs(4)));
    await expectShown(() => canvas.getByText('Version 4 (current)'));
    await expect(canvas.getByRole('button', { name: MODEL_SCREEN.save })).toBeDisabled();
  },
};

export const ResetToDefaults: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: MODEL_SCREEN.reset }));
    const dialog = within(await screen.findByRole('dialog', { name: MODEL_SCREEN.reset }));
    await userEvent.click(dialog.getByRole('button', { name: MODEL_SCREEN.reset }));
    await expectShown(() => screen.getByText(MODEL_SCREEN.resetDone(4)));
    await expect(calls.some((call) => call.method === 'POST' && call.path === '/api/model-settings/reset')).toBe(true);
  },
};

/** A reader who cannot tune the models asks the Navout team for access. */
export const RequestAccess: Story = {
  decorators: [withModelSession(MODELS_READ_ONLY_SESSION)],
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: MODEL_SCREEN.requestAccess }));
    await expectShown(() => screen.getByText(MODEL_SCREEN.accessRequested('Discovery AI')));
    await expect(calls.find((call) => call.path === '/api/requests')?.body).toMatchObject({ kind: 'model_access', subject: 'Discovery AI' });
  },
};

/** Nothing saved yet: version 0, the specification's defaults. */
export const Defaults: Story = {
  beforeEach: () => mockFetch(modelSettingsRoutes(DEFAULTS_VIEW)),
  play: async ({ canvas }) => {
    await expectShown(() => canvas.getByText('Version 0 (defaults)'));
    await expect(await canvas.findByRole('slider', { name: 'Trust & Safety' })).toHaveAttribute('aria-valuenow', '90');
  },
};

/** models:read only: the sliders are shown, not changeable, and only Evaluate is offered. */
export const ReadOnly: Story = {
  decorators: [withModelSession(MODELS_READ_ONLY_SESSION)],
  play: async ({ canvas }) => {
    await expectShown(() => canvas.getByText(MODEL_SCREEN.readOnly));
    await waitFor(() => expect(sliders()[0]).toBeDisabled());
    await expect(canvas.queryByRole('button', { name: MODEL_SCREEN.save })).not.toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: MODEL_SCREEN.evaluate })).toBeEnabled();
  },
};

export const GlobalAdminViewingAll: Story = {
  decorators: [withModelSession(SESSIONS.globalAdmin)],
  play: async ({ canvas }) => {
    await expect(canvas.getByText(MODEL_SCREEN.chooseCompany)).toBeVisible();
  },
};

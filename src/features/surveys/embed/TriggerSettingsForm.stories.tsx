import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { DEFAULT_TRIGGER_SETTINGS } from '@domain/survey/collection';
import { PUBLISHED_MESSAGES } from '@domain/survey/messages';
import { failure, mockFetch, type MockCall } from '@/lib/testing/mockFetch';
import { acmeCompany } from '@/lib/testing/sessions';
import { ACME_TRIGGERS } from '../collectionFixtures';
import { publishedApiRoutes, withSurveySession } from '../fixtures';
import { stubClipboard } from '@/lib/testing/clipboard';
import { callsTo, expectNotice } from '../published/storyHelpers';
import { NO_SECRET_YET, ROTATE_SECRET_LABEL, ROTATE_SECRET_TITLE, SAVE_TRIGGERS_LABEL, TriggerSettingsForm } from './TriggerSettingsForm';
import { DELIVERY_LOG_LABEL, NO_DELIVERIES } from './WebhookDeliveryLog';
import { SECRET_DIALOG_TITLE, SECRET_STORED_LABEL } from './WebhookSecretDialog';

let calls: MockCall[] = [];
const SECRET_PATH = `/api/companies/${acmeCompany.id}/trigger-settings/webhook-secret`;

const meta = {
  title: 'Surveys/LiveIQ/Embed Code/TriggerSettingsForm',
  component: TriggerSettingsForm,
  args: { companyId: acmeCompany.id, view: ACME_TRIGGERS, canManage: true },
  decorators: [withSurveySession()],
  beforeEach: () => {
    const restore = mockFetch(publishedApiRoutes());
    const clipboard = stubClipboard();
    calls = restore.calls;
    return () => {
      restore();
      clipboard();
    };
  },
} satisfies Meta<typeof TriggerSettingsForm>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Acme's webhook: the secret's hint, and the deliveries, one being retried and one given up. */
export const Webhook: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('radio', { name: /Webhook/ })).toBeChecked();
    await expect(canvas.getByRole('textbox', { name: /Webhook URL/ })).toHaveValue(ACME_TRIGGERS.triggerSettings.webhookUrl);
    await expect(canvas.getByText('whsec_Q2x9…')).toBeVisible();
    const log = within(await canvas.findByRole('grid', { name: DELIVERY_LOG_LABEL }));
    await expect(log.getByText('Retrying')).toBeVisible();
    await expect(log.getByText('Failed')).toBeVisible();
    await expect(log.getByText('HTTP 503 · Service Unavailable')).toBeVisible();
    await expect(log.getByText('Connection timed out after 10 s')).toBeVisible();
  },
};

/** Rotation asks first, then shows the new secret once; closing it leaves no trace of it. */
export const RotateSecret: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: ROTATE_SECRET_LABEL }));
    let confirm = within(await screen.findByRole('dialog', { name: ROTATE_SECRET_TITLE }));
    await userEvent.click(confirm.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(callsTo(calls, 'POST', SECRET_PATH)).toHaveLength(0);

    await userEvent.click(canvas.getByRole('button', { name: ROTATE_SECRET_LABEL }));
    confirm = within(await screen.findByRole('dialog', { name: ROTATE_SECRET_TITLE }));
    await userEvent.click(confirm.getByRole('button', { name: ROTATE_SECRET_LABEL }));
    const shown = within(await screen.findByRole('dialog', { name: SECRET_DIALOG_TITLE }));
    const secret = (shown.getByRole('textbox', { name: 'Signing secret' }) as HTMLInputElement).value;
    await expect(secret).toMatch(/^whsec_/);
    await userEvent.click(shown.getByRole('button', { name: SECRET_STORED_LABEL }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(screen.queryByDisplayValue(secret)).not.toBeInTheDocument();
    await expect(canvas.queryByText(secret)).not.toBeInTheDocument();
    await expect(callsTo(calls, 'POST', SECRET_PATH)).toHaveLength(1);
  },
};

/** A company's first webhook: no secret yet, no deliveries yet; saving makes the secret. */
export const FirstWebhook: Story = {
  args: { view: { triggerSettings: DEFAULT_TRIGGER_SETTINGS, webhookSecretHint: null } },
  beforeEach: () => {
    const restore = mockFetch(publishedApiRoutes({ triggers: { triggerSettings: DEFAULT_TRIGGER_SETTINGS, webhookSecretHint: null }, deliveries: [] }));
    calls = restore.calls;
    return restore;
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('radio', { name: /Webhook/ }));
    await expect(canvas.getByText(NO_SECRET_YET)).toBeVisible();
    await expect(await canvas.findByText(NO_DELIVERIES)).toBeVisible();
    await userEvent.type(canvas.getByRole('textbox', { name: /Webhook URL/ }), 'https://crm.acme.example/hooks/surveys');
    await userEvent.click(canvas.getByRole('button', { name: SAVE_TRIGGERS_LABEL }));
    await expect(await screen.findByRole('dialog', { name: SECRET_DIALOG_TITLE })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: SECRET_STORED_LABEL }));
    await expectNotice(PUBLISHED_MESSAGES.settingsSaved);
  },
};

/** Redirect needs an address; other types keep what was typed for them. */
export const Redirect: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('radio', { name: /Redirect/ }));
    await expect(canvas.queryByRole('textbox', { name: /Webhook URL/ })).not.toBeInTheDocument();
    await userEvent.type(canvas.getByRole('textbox', { name: /Redirect URL/ }), 'https://acme.example/thank-you');
    await userEvent.click(canvas.getByRole('button', { name: SAVE_TRIGGERS_LABEL }));
    await expectNotice(PUBLISHED_MESSAGES.settingsSaved);
    await expect(callsTo(calls, 'PUT', `/api/companies/${acmeCompany.id}/trigger-settings`).map((call) => call.body)).toEqual([
      { triggerSettings: { ...ACME_TRIGGERS.triggerSettings, triggerType: 'redirect', redirectUrl: 'https://acme.example/thank-you' } },
    ]);
  },
};

export const DeliveriesFail: Story = {
  beforeEach: () =>
    mockFetch(publishedApiRoutes({ overrides: { [`GET /api/companies/${acmeCompany.id}/webhook-deliveries`]: failure('internal_error') } })),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Failed to load the webhook deliveries')).toBeVisible();
  },
};

export const ReadOnly: Story = {
  args: { canManage: false },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('radio', { name: /Webhook/ })).toBeDisabled();
    await expect(canvas.queryByRole('button', { name: ROTATE_SECRET_LABEL })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: SAVE_TRIGGERS_LABEL })).not.toBeInTheDocument();
    await expect(await canvas.findByRole('grid', { name: DELIVERY_LOG_LABEL })).toBeVisible();
  },
};

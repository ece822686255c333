import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_TRIGGER_SETTINGS, type TriggerSettingsView } from '@domain/survey/collection';
import { PUBLISHED_MESSAGES, TRIGGER_MESSAGES } from '@domain/survey/messages';
import { failure, mockFetch, type RestoreFetch } from '@/lib/testing/mockFetch';
import { renderSignedIn } from '@/lib/testing/renderSignedIn';
import { acmeCompany } from '@/lib/testing/sessions';
import { publishedApiRoutes, SURVEY_READER_SESSION } from '../fixtures';
import { SAVE_TRIGGERS_LABEL, TRIGGER_TYPE_TEXT, TriggerSettingsForm } from './TriggerSettingsForm';
import { SECRET_DIALOG_TITLE, SECRET_SHOWN_ONCE } from './WebhookSecretDialog';

const NONE: TriggerSettingsView = { triggerSettings: DEFAULT_TRIGGER_SETTINGS, webhookSecretHint: null };
const PATH = `/api/companies/${acmeCompany.id}/trigger-settings`;

function renderForm(view: TriggerSettingsView = NONE, canManage = true) {
  return renderSignedIn(<TriggerSettingsForm companyId={acmeCompany.id} view={view} canManage={canManage} />, {
    session: canManage ? undefined : SURVEY_READER_SESSION,
  });
}

const choose = (type: keyof typeof TRIGGER_TYPE_TEXT) => userEvent.click(screen.getByRole('radio', { name: new RegExp(TRIGGER_TYPE_TEXT[type].label) }));
const save = () => userEvent.click(screen.getByRole('button', { name: SAVE_TRIGGERS_LABEL }));

describe('TriggerSettingsForm', { timeout: 30_000 }, () => {
  let restore: RestoreFetch | undefined;
  afterEach(() => restore?.());

  it('asks for the field of the chosen trigger only, checks it, and saves it', async () => {
    restore = mockFetch(publishedApiRoutes({ triggers: NONE }));
    renderForm();
    expect(screen.getByRole('radio', { name: new RegExp(TRIGGER_TYPE_TEXT.none.label) })).toBeChecked();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();

    await choose('redirect');
    expect(screen.getByRole('textbox', { name: /Redirect URL/ })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Callback function name/ })).not.toBeInTheDocument();

    await choose('callback');
    const name = screen.getByRole('textbox', { name: /Callback function name/ });
    expect(screen.queryByRole('textbox', { name: /Redirect URL/ })).not.toBeInTheDocument();
    await save();
    expect(await screen.findByText(TRIGGER_MESSAGES.callbackNameRequired)).toBeInTheDocument();
    await userEvent.type(name, '1st-callback');
    await save();
    expect(await screen.findByText(TRIGGER_MESSAGES.callbackNameInvalid)).toBeInTheDocument();
    expect(restore.calls.filter((call) => call.method === 'PUT')).toHaveLength(0);

    await userEvent.clear(name);
    await userEvent.type(name, 'analytics.onSurveyDone');
    await save();
    expect(await screen.findByText(PUBLISHED_MESSAGES.settingsSaved)).toBeInTheDocument();
    expect(restore.calls.find((call) => call.method === 'PUT' && call.path === PATH)?.body).toEqual({
      triggerSettings: { triggerType: 'callback', callbackName: 'analytics.onSurveyDone', redirectUrl: '', webhookUrl: '' },
    });
  });

  it('refuses a webhook that is not https, then shows the new secret once', async () => {
    restore = mockFetch(publishedApiRoutes({ triggers: NONE, deliveries: [] }));
    renderForm();
    await choose('webhook');
    const url = screen.getByRole('textbox', { name: /Webhook URL/ });
    await save();
    expect(await screen.findByText(TRIGGER_MESSAGES.webhookUrlRequired)).toBeInTheDocument();
    await userEvent.type(url, 'http://hooks.acme.example/navout');
    await save();
    expect(await screen.findByText(TRIGGER_MESSAGES.webhookUrlInvalid)).toBeInTheDocument();

    await userEvent.clear(url);
    await userEvent.type(url, 'https://hooks.acme.example/navout');
    await save();
    const dialog = within(await screen.findByRole('dialog', { name: SECRET_DIALOG_TITLE }));
    expect(dialog.getByText(SECRET_SHOWN_ONCE)).toBeInTheDocument();
    expect((dialog.getByRole('textbox', { name: 'Signing secret' }) as HTMLInputElement).value).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);
  });

  it('says why a save failed, with the server’s words', async () => {
    restore = mockFetch(
      publishedApiRoutes({
        triggers: NONE,
        overrides: { [`PUT ${PATH}`]: failure('validation_failed', { message: 'The webhook address must not point to a private network.' }) },
      }),
    );
    renderForm();
    await choose('event');
    await save();
    expect(await screen.findByText(TRIGGER_MESSAGES.saveFailed('The webhook address must not point to a private network.'))).toBeInTheDocument();
  });

  it('only shows the settings to someone who may not change them', async () => {
    restore = mockFetch(publishedApiRoutes());
    renderForm({ triggerSettings: { ...DEFAULT_TRIGGER_SETTINGS, triggerType: 'redirect', redirectUrl: 'https://acme.example/thanks' }, webhookSecretHint: null }, false);
    expect(screen.getByRole('radio', { name: new RegExp(TRIGGER_TYPE_TEXT.redirect.label) })).toBeChecked();
    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeDisabled();
    expect(screen.getByRole('textbox', { name: /Redirect URL/ })).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: SAVE_TRIGGERS_LABEL })).not.toBeInTheDocument();
    await waitFor(() => expect(restore?.calls.filter((call) => call.method === 'PUT')).toHaveLength(0));
  });
});

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { DEFAULT_COLLECTION_SETTINGS, DEFAULT_TRIGGER_SETTINGS } from '@domain/survey/collection';
import { IDENTIFIER_MESSAGES, PUBLISHED_MESSAGES } from '@domain/survey/messages';
import { failure, mockFetch, type MockCall } from '@/lib/testing/mockFetch';
import { SESSIONS } from '@/lib/testing/fixtures';
import { acmeCompany, globexCompany } from '@/lib/testing/sessions';
import { COPIED_LABEL } from '@/ui/CopyButton';
import { ACME_WEBHOOK_URL, EMBED_ORIGIN } from '../collectionFixtures';
import { ACME_PUBLISHED, PUBLISHED, publishedApiRoutes, SURVEY_READER_SESSION, withSurveySession } from '../fixtures';
import { stubClipboard } from '@/lib/testing/clipboard';
import { callsTo, expectNotice } from '../published/storyHelpers';
import { CUSTOM_STYLING, DEFAULT_STYLING } from './ActiveSurveysCard';
import { COLLECTION_TITLE, COOLDOWN_LABEL, SAVE_COLLECTION_LABEL } from './CollectionSettingsForm';
import { CHOOSE_COMPANY_FOR_EMBED, EmbedCodePanel, READ_ONLY_EMBED } from './EmbedCodePanel';
import { COPY_CODE_LABEL } from './EmbedSnippetCard';
import { GLOBAL_IDENTIFIERS_TITLE, SAVE_IDENTIFIERS_LABEL } from './GlobalIdentifiersForm';
import { ROTATE_SECRET_LABEL, ROTATE_SECRET_TITLE, TRIGGERS_TITLE } from './TriggerSettingsForm';
import { SECRET_DIALOG_TITLE, SECRET_STORED_LABEL } from './WebhookSecretDialog';

let calls: MockCall[] = [];
let clipboard: ReturnType<typeof stubClipboard>;

const meta = {
  title: 'Surveys/LiveIQ/Embed Code/EmbedCodePanel',
  component: EmbedCodePanel,
  decorators: [withSurveySession()],
  parameters: { layout: 'padded' },
  beforeEach: () => {
    const restore = mockFetch(publishedApiRoutes());
    calls = restore.calls;
    clipboard = stubClipboard();
    return () => {
      restore();
      clipboard();
    };
  },
} satisfies Meta<typeof EmbedCodePanel>;
export default meta;

type Story = StoryObj<typeof meta>;

const region = async (name: string) => within(await screen.findByRole('region', { name }));
const codeBox = () => screen.getByRole('textbox', { name: /code$/ }) as HTMLTextAreaElement;

/** Acme Retail: two running surveys, one branded; the code carries its webhook and e-mail identifiers. */
export const CompanyEmbed: Story = {
  play: async ({ canvas, userEvent }) => {
    const active = await region('Active Surveys');
    await expect(active.getByText(acmeCompany.name)).toBeVisible();
    await expect(active.getByText(acmeCompany.id)).toBeVisible();
    await expect(active.getByText('2 active surveys')).toBeVisible();
    const satisfaction = active.getByText(PUBLISHED.satisfaction.name).closest('li') as HTMLElement;
    await expect(within(satisfaction).getByText('5 questions')).toBeVisible();
    await expect(within(satisfaction).getByText(CUSTOM_STYLING)).toBeVisible();
    const checkout = active.getByText(PUBLISHED.checkout.name).closest('li') as HTMLElement;
    await expect(within(checkout).getByText(DEFAULT_STYLING)).toBeVisible();

    await region('Embed Code');
    const html = codeBox().value;
    await expect(html).toContain(`<script src="${EMBED_ORIGIN}/widget/navout.js" async`);
    await expect(html).toContain(`data-company-id="${acmeCompany.id}"`);
    await expect(html).toContain(`data-webhook-url="${ACME_WEBHOOK_URL}"`);
    await expect(html).toContain('data-identifier-fields="user_email,email"');

    await userEvent.click(canvas.getByRole('button', { name: 'React Component' }));
    await expect(codeBox().value).toContain(`<NavoutSurveys companyId="${acmeCompany.id}" apiBase="${EMBED_ORIGIN}" />`);
    await userEvent.click(canvas.getByRole('button', { name: COPY_CODE_LABEL }));
    await expect(await canvas.findByRole('button', { name: COPIED_LABEL })).toBeVisible();
    await expect(clipboard.writes).toEqual([codeBox().value]);
  },
};

/** Saving the identifier rules regenerates the code with them. */
export const SaveIdentifiers: Story = {
  play: async ({ userEvent }) => {
    const form = await region(GLOBAL_IDENTIFIERS_TITLE);
    await userEvent.click(within(form.getByRole('group', { name: 'Identifier types' })).getByRole('checkbox', { name: 'UUID' }));
    await userEvent.click(form.getByRole('button', { name: SAVE_IDENTIFIERS_LABEL }));
    await expectNotice(IDENTIFIER_MESSAGES.globalSaved);
    const [put] = callsTo(calls, 'PUT', `/api/companies/${acmeCompany.id}/global-identifiers`);
    await expect((put.body as { globalIdentifiers: { identifierTypes: string[] } }).globalIdentifiers.identifierTypes).toEqual(['email', 'uuid']);
    await waitFor(() => expect(codeBox().value).toContain('data-identifier-types="email,uuid"'));
    await expect(codeBox().value).toContain('data-identifier-fields="user_email,email,user_id"');
  },
};

/** After a rotation the screen shows the new secret's hint, never the secret again. */
export const RotateSecret: Story = {
  play: async ({ userEvent }) => {
    const triggers = await region(TRIGGERS_TITLE);
    await expect(triggers.getByText('whsec_Q2x9…')).toBeVisible();
    await userEvent.click(triggers.getByRole('button', { name: ROTATE_SECRET_LABEL }));
    const confirm = within(await screen.findByRole('dialog', { name: ROTATE_SECRET_TITLE }));
    await userEvent.click(confirm.getByRole('button', { name: ROTATE_SECRET_LABEL }));
    const shown = within(await screen.findByRole('dialog', { name: SECRET_DIALOG_TITLE }));
    const secret = (shown.getByRole('textbox', { name: 'Signing secret' }) as HTMLInputElement).value;
    await userEvent.click(shown.getByRole('button', { name: SECRET_STORED_LABEL }));
    await expect(await triggers.findByText(`${secret.slice(0, 10)}…`)).toBeVisible();
    await expect(screen.queryByDisplayValue(secret)).not.toBeInTheDocument();
  },
};

/** At least one type is needed while an identifier is required. */
export const IdentifierTypeRequired: Story = {
  play: async ({ userEvent }) => {
    const form = await region(GLOBAL_IDENTIFIERS_TITLE);
    await userEvent.click(within(form.getByRole('group', { name: 'Identifier types' })).getByRole('checkbox', { name: 'Email' }));
    await userEvent.click(form.getByRole('button', { name: SAVE_IDENTIFIERS_LABEL }));
    await expect(await form.findByText(IDENTIFIER_MESSAGES.typeRequired)).toBeVisible();
    await expect(callsTo(calls, 'PUT', /global-identifiers$/)).toHaveLength(0);
  },
};

/** Cooldown days are checked (0-365) and the address storage saved. */
export const SaveCollectionSettings: Story = {
  play: async ({ userEvent }) => {
    const form = await region(COLLECTION_TITLE);
    await expect(form.getByRole('radio', { name: /Truncated/ })).toBeChecked();
    const cooldown = form.getByRole('spinbutton', { name: COOLDOWN_LABEL });
    await userEvent.clear(cooldown);
    await userEvent.type(cooldown, '400');
    await userEvent.click(form.getByRole('button', { name: SAVE_COLLECTION_LABEL }));
    await expect(await form.findByText('Enter a whole number of days from 0 to 365.')).toBeVisible();
    await userEvent.clear(cooldown);
    await userEvent.type(cooldown, '30');
    await userEvent.click(form.getByRole('radio', { name: /Hashed/ }));
    await userEvent.click(form.getByRole('button', { name: SAVE_COLLECTION_LABEL }));
    await expectNotice(PUBLISHED_MESSAGES.settingsSaved);
    await expect(callsTo(calls, 'PUT', `/api/companies/${acmeCompany.id}/collection-settings`).map((call) => call.body)).toEqual([
      { collectionSettings: { ipAddressMode: 'hashed', cooldownDays: 30 } },
    ]);
  },
};

export const SaveCollectionSettingsFails: Story = {
  beforeEach: () =>
    mockFetch(
      publishedApiRoutes({
        overrides: { [`PUT /api/companies/${acmeCompany.id}/collection-settings`]: failure('internal_error', { message: 'Database unavailable' }) },
      }),
    ),
  play: async ({ userEvent }) => {
    const form = await region(COLLECTION_TITLE);
    await userEvent.click(form.getByRole('button', { name: SAVE_COLLECTION_LABEL }));
    await expectNotice(PUBLISHED_MESSAGES.saveSettingsFailed('Database unavailable'));
  },
};

/** A company that never saved anything: defaults everywhere, no active survey. */
export const NewCompany: Story = {
  beforeEach: () =>
    mockFetch(
      publishedApiRoutes({
        surveys: ACME_PUBLISHED.filter((survey) => survey.status === 'inactive'),
        triggers: { triggerSettings: DEFAULT_TRIGGER_SETTINGS, webhookSecretHint: null },
        collection: DEFAULT_COLLECTION_SETTINGS,
      }),
    ),
  play: async () => {
    const active = await region('Active Surveys');
    await expect(active.getByText('0 active surveys')).toBeVisible();
    await expect(active.getByText(/No survey is active/)).toBeVisible();
    const triggers = await region(TRIGGERS_TITLE);
    await expect(triggers.getByRole('radio', { name: /None/ })).toBeChecked();
    await expect(codeBox().value).toContain('data-trigger-type="none"');
  },
};

/** data_sources:read only: the code can be copied, nothing changed. */
export const ReadOnly: Story = {
  decorators: [withSurveySession(SURVEY_READER_SESSION)],
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(READ_ONLY_EMBED)).toBeVisible();
    await region(COLLECTION_TITLE);
    await expect(canvas.queryAllByRole('button', { name: /^Save/ })).toHaveLength(0);
    await expect(canvas.queryByRole('button', { name: 'Rotate secret' })).not.toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: COPY_CODE_LABEL })).toBeEnabled();
  },
};

/** A global admin viewing every company is asked to choose one. */
export const GlobalAdminAllCompanies: Story = {
  decorators: [withSurveySession(SESSIONS.globalAdmin)],
  play: async ({ canvas }) => {
    await expect(canvas.getByText(CHOOSE_COMPANY_FOR_EMBED)).toBeVisible();
    await expect(calls).toHaveLength(0);
  },
};

/** A global admin who chose Globex Health in the filter sees Globex's code. */
export const GlobalAdminChoseCompany: Story = {
  decorators: [withSurveySession(SESSIONS.globalAdmin, globexCompany.id)],
  beforeEach: () => {
    const restore = mockFetch(publishedApiRoutes({ surveys: [PUBLISHED.globex] }));
    calls = restore.calls;
    return restore;
  },
  play: async () => {
    const active = await region('Active Surveys');
    await expect(active.getByText(globexCompany.name)).toBeVisible();
    await expect(active.getByText(PUBLISHED.globex.name)).toBeVisible();
    await expect(codeBox().value).toContain(`data-company-id="${globexCompany.id}"`);
    await expect(callsTo(calls, 'GET', `/api/companies/${globexCompany.id}/embed-code`)).toHaveLength(1);
  },
};

export const LoadFailure: Story = {
  beforeEach: () =>
    mockFetch(publishedApiRoutes({ overrides: { [`GET /api/companies/${acmeCompany.id}/embed-code`]: failure('internal_error') } })),
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getAllByText('Failed to load the embed code')[0]).toBeVisible());
    await expect(await canvas.findByRole('region', { name: GLOBAL_IDENTIFIERS_TITLE })).toBeVisible();
  },
};

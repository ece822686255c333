import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { DATA_SOURCE_LABELS, DATA_SOURCE_MESSAGES } from '@domain/data/sources';
import { RECORD_KIND_LABELS } from '@domain/data/unifiedModel';
import { withSession } from '@/lib/testing/fixtures';
import { failure, mockFetch, type MockCall } from '@/lib/testing/mockFetch';
import { expectShown } from '@/lib/testing/storyHelpers';
import { dataSourceApiRoutes, SOURCES, withConnectors } from '../fixtures';
import { KEY_STORED, NO_KEY_STORED, REIMPORT_LABEL, SAVE_LABEL, SourceSettingsDialog } from './SourceSettingsDialog';

let calls: MockCall[] = [];

const meta = {
  title: 'Data Sources/SourceSettingsDialog',
  component: SourceSettingsDialog,
  // The stories' own connectors: Google Analytics among them has none, so its key is the API key field.
  decorators: [withConnectors, withSession('companyAdmin')],
  args: { source: SOURCES.googleAnalytics, onClose: fn(), onConfigureMapping: fn() },
  beforeEach: () => {
    const restore = mockFetch(dataSourceApiRoutes());
    calls = restore.calls;
    return restore;
  },
} satisfies Meta<typeof SourceSettingsDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

const dialog = async (name: string) => within(await screen.findByRole('dialog', { name }));

/** The stored key is never shown; a new one replaces it; a blank one keeps it. */
export const RotateKey: Story = {
  play: async ({ args, userEvent }) => {
    const form = await dialog('Google Analytics Settings');
    await expect(form.getByText(KEY_STORED)).toBeVisible();
    await expect(form.getByLabelText(/^API Key/)).toHaveValue('');
    await expect(form.getByLabelText(/^Account ID/)).toHaveValue('GA4-318220154');
    await expect(form.getByRole('button', { name: SAVE_LABEL })).toBeDisabled();

    await userEvent.type(form.getByLabelText(/^API Key/), 'ga-rotated-key-77');
    await userEvent.click(form.getByRole('button', { name: SAVE_LABEL }));

    await expectShown(() => screen.getByText(DATA_SOURCE_MESSAGES.settingsSaved('Google Analytics')));
    await expect(args.onClose).toHaveBeenCalled();
    const sent = calls.find((call) => call.method === 'PUT');
    await expect(sent?.path).toBe(`/api/data-sources/${SOURCES.googleAnalytics.id}`);
    // Only what changed is sent.
    await expect(sent?.body).toEqual({ apiKey: 'ga-rotated-key-77' });
  },
};

export const RenameAndChangeRecordKind: Story = {
  play: async ({ userEvent }) => {
    const form = await dialog('Google Analytics Settings');
    await expect(form.getByRole('combobox', { name: 'Its records are' })).toHaveTextContent(RECORD_KIND_LABELS.events);
    await userEvent.clear(form.getByLabelText(/^Name/));
    await userEvent.type(form.getByLabelText(/^Name/), 'GA4 web');
    await userEvent.click(form.getByRole('combobox', { name: 'Its records are' }));
    await userEvent.click(await screen.findByRole('option', { name: RECORD_KIND_LABELS.people }));
    await userEvent.click(form.getByRole('button', { name: SAVE_LABEL }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ name: 'GA4 web', recordKind: 'people' }));
  },
};

export const ConfigureMapping: Story = {
  play: async ({ args, userEvent }) => {
    const form = await dialog('Google Analytics Settings');
    await userEvent.click(form.getByRole('button', { name: DATA_SOURCE_LABELS.configureMapping }));
    await expect(args.onConfigureMapping).toHaveBeenCalledWith(SOURCES.googleAnalytics);
    await expect(args.onClose).toHaveBeenCalled();
  },
};

/** An imported file has no key: only its name and what its records are. */
export const FileUpload: Story = {
  args: { source: SOURCES.customersCsv, onConfigureMapping: undefined },
  play: async () => {
    const form = await dialog('customers.csv Settings');
    await expect(form.queryByLabelText(/^New API Key/)).not.toBeInTheDocument();
    await expect(form.queryByText(KEY_STORED)).not.toBeInTheDocument();
    // Without a mapping dialog to open, the button is not offered.
    await expect(form.queryByRole('button', { name: DATA_SOURCE_LABELS.configureMapping })).not.toBeInTheDocument();
  },
};

/** An imported file is refreshed by importing its updated version: rows with the same key update their records. */
export const ImportUpdatedFile: Story = {
  args: { source: SOURCES.customersCsv, onConfigureMapping: undefined, onReimport: fn() },
  play: async ({ args, userEvent }) => {
    const form = await dialog('customers.csv Settings');
    await userEvent.click(form.getByRole('button', { name: REIMPORT_LABEL }));
    await expect(args.onReimport).toHaveBeenCalledWith(SOURCES.customersCsv);
    await expect(args.onClose).toHaveBeenCalled();
  },
};

/** A connected vendor source is synced, not re-imported: the button is not offered. */
export const NoReimportForConnectedSources: Story = {
  args: { onReimport: fn() },
  play: async () => {
    const form = await dialog('Google Analytics Settings');
    await expect(form.queryByRole('button', { name: REIMPORT_LABEL })).not.toBeInTheDocument();
  },
};

export const NoKeyStored: Story = {
  args: { source: { ...SOURCES.stripe, hasCredentials: false } },
  play: async () => {
    const form = await dialog('Stripe Settings');
    await expect(form.getByText(NO_KEY_STORED)).toBeVisible();
  },
};

export const SaveFails: Story = {
  beforeEach: () =>
    mockFetch({
      ...dataSourceApiRoutes(),
      [`PUT /api/data-sources/${SOURCES.googleAnalytics.id}`]: failure('validation_failed', {
        fields: { apiKey: 'API key is required' },
      }),
    }),
  play: async ({ userEvent }) => {
    const form = await dialog('Google Analytics Settings');
    await userEvent.type(form.getByLabelText(/^API Key/), '   x');
    await userEvent.click(form.getByRole('button', { name: SAVE_LABEL }));
    await expectShown(() => form.getByText('Failed to save settings'));
    await expectShown(() => form.getByText('API key is required'));
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { DATA_SOURCE_LABELS, DATA_SOURCE_MESSAGES } from '@domain/data/sources';
import { SOURCES } from '../fixtures';
import { ConnectedSourceCard, IMPORT_ANOTHER_FILE, lastSyncText, NEVER_SYNCED, SETTINGS_LABEL, SYNCING_LABEL } from './ConnectedSourceCard';

const meta = {
  title: 'Data Sources/ConnectedSourceCard',
  component: ConnectedSourceCard,
  args: {
    source: SOURCES.googleAnalytics,
    canManage: true,
    syncing: false,
    deleting: false,
    onSync: fn(),
    onDelete: fn(),
    onOpenSettings: fn(),
    onImportFile: fn(),
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 420 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ConnectedSourceCard>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Active: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('article', { name: 'Google Analytics' })).toBeVisible();
    await expect(canvas.getByText('Connected')).toBeVisible();
    await expect(canvas.getByText(/^48.213 records$/)).toBeVisible();
    await expect(canvas.getByText(lastSyncText(SOURCES.googleAnalytics.lastSync))).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: DATA_SOURCE_LABELS.syncNow }));
    await expect(args.onSync).toHaveBeenCalledWith(SOURCES.googleAnalytics);
    await userEvent.click(canvas.getByRole('button', { name: SETTINGS_LABEL }));
    await expect(args.onOpenSettings).toHaveBeenCalledWith(SOURCES.googleAnalytics);
    await userEvent.click(canvas.getByRole('button', { name: DATA_SOURCE_LABELS.delete }));
    await expect(args.onDelete).toHaveBeenCalledWith(SOURCES.googleAnalytics);
    // Only a file source takes another file.
    await expect(canvas.queryByRole('button', { name: IMPORT_ANOTHER_FILE })).not.toBeInTheDocument();
  },
};

/** An imported file: its description says what was imported, and another file can be imported into it. */
export const FileUpload: Story = {
  args: { source: SOURCES.customersCsv },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByText('Imported CSV file with 2500 records')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: IMPORT_ANOTHER_FILE }));
    await expect(args.onImportFile).toHaveBeenCalledWith(SOURCES.customersCsv);
  },
};

export const NeverSynced: Story = {
  args: { source: SOURCES.stripe },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Error')).toBeVisible();
    await expect(canvas.getByText(NEVER_SYNCED)).toBeVisible();
    await expect(canvas.getByText('0 records')).toBeVisible();
  },
};

export const Syncing: Story = {
  args: { syncing: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: SYNCING_LABEL })).toBeDisabled();
    await expect(canvas.getByText('Syncing')).toBeVisible();
  },
};

export const Deleting: Story = {
  args: { deleting: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: DATA_SOURCE_MESSAGES.deleting })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: DATA_SOURCE_LABELS.syncNow })).toBeDisabled();
  },
};

export const ReadOnly: Story = {
  args: { canManage: false },
  play: async ({ canvas }) => {
    // Reading the sync history is not managing: only the actions are gone.
    for (const name of [/Sync Now/, /Settings/, /Delete/]) await expect(canvas.queryByRole('button', { name })).not.toBeInTheDocument();
  },
};

/** A global admin viewing all companies sees whose source it is. */
export const WithCompany: Story = {
  args: { source: SOURCES.globexShopify, companyName: 'Globex Health' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Globex Health')).toBeVisible();
  },
};

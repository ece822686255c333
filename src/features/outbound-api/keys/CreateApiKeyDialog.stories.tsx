import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, within } from 'storybook/test';
import { KEY_MESSAGES } from '@domain/prediction/keySchemas';
import { failure } from '@/lib/testing/mockFetch';
import { ApiError } from '@/lib/apiClient';
import { KEY_LABELS } from '../labels';
import { CreateApiKeyDialog } from './CreateApiKeyDialog';

const meta = {
  title: 'Outbound API/Keys/CreateApiKeyDialog',
  component: CreateApiKeyDialog,
  args: { open: true, pending: false, onSubmit: fn(), onClose: fn() },
} satisfies Meta<typeof CreateApiKeyDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

const dialog = async () => within(await screen.findByRole('dialog', { name: KEY_LABELS.create }));

/** Read and write are ticked by default; a blank name keeps Create disabled. */
export const Defaults: Story = {
  play: async ({ args, userEvent }) => {
    const form = await dialog();
    await expect(form.getByRole('checkbox', { name: /^read/ })).toBeChecked();
    await expect(form.getByRole('checkbox', { name: /^write/ })).toBeChecked();
    await expect(form.getByRole('checkbox', { name: /^admin/ })).not.toBeChecked();
    await expect(form.getByRole('button', { name: KEY_LABELS.create })).toBeDisabled();
    await userEvent.type(form.getByRole('textbox', { name: /^Name/ }), '   ');
    await expect(form.getByRole('button', { name: KEY_LABELS.create })).toBeDisabled();
    await userEvent.type(form.getByRole('textbox', { name: /^Name/ }), 'Search page');
    await userEvent.click(form.getByRole('button', { name: KEY_LABELS.create }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ name: 'Search page', description: '', permissions: ['read', 'write'] });
  },
};

export const NoPermission: Story = {
  play: async ({ userEvent }) => {
    const form = await dialog();
    await userEvent.type(form.getByRole('textbox', { name: /^Name/ }), 'Search page');
    await userEvent.click(form.getByRole('checkbox', { name: /^read/ }));
    await userEvent.click(form.getByRole('checkbox', { name: /^write/ }));
    await expect(form.getByText(KEY_MESSAGES.permissionRequired)).toBeVisible();
    await expect(form.getByRole('button', { name: KEY_LABELS.create })).toBeDisabled();
  },
};

export const Failed: Story = {
  args: { error: new ApiError('API key limit reached', 400, failure('validation_failed').body) },
  play: async () => {
    const form = await dialog();
    await expect(form.getByText('Failed to create the API token')).toBeVisible();
  },
};

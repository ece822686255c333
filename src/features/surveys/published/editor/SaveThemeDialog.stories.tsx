import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, within } from 'storybook/test';
import { THEME_MESSAGES } from '@domain/survey/messages';
import { ApiError } from '@/lib/apiClient';
import { SAVE_THEME_FAILED, SAVE_THEME_TITLE, SaveThemeDialog } from './SaveThemeDialog';

const meta = {
  title: 'Surveys/LiveIQ/Custom Display/SaveThemeDialog',
  component: SaveThemeDialog,
  args: { open: true, saving: false, onSave: fn(), onClose: fn() },
} satisfies Meta<typeof SaveThemeDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

export const NameRequired: Story = {
  play: async ({ args, userEvent }) => {
    const dialog = within(await screen.findByRole('dialog', { name: SAVE_THEME_TITLE }));
    await userEvent.click(dialog.getByRole('button', { name: SAVE_THEME_TITLE }));
    await expect(await dialog.findByText(THEME_MESSAGES.nameRequired)).toBeVisible();
    await userEvent.type(dialog.getByRole('textbox', { name: /Theme name/ }), '   ');
    await userEvent.click(dialog.getByRole('button', { name: SAVE_THEME_TITLE }));
    await expect(args.onSave).not.toHaveBeenCalled();
    await userEvent.clear(dialog.getByRole('textbox', { name: /Theme name/ }));
    await userEvent.type(dialog.getByRole('textbox', { name: /Theme name/ }), ' Spring Sale ');
    await userEvent.click(dialog.getByRole('button', { name: SAVE_THEME_TITLE }));
    await expect(args.onSave).toHaveBeenCalledWith('Spring Sale');
  },
};

export const Saving: Story = {
  args: { saving: true },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog', { name: SAVE_THEME_TITLE }));
    await expect(dialog.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  },
};

export const SaveFailed: Story = {
  args: { error: new ApiError('A theme with this name exists', 409, { error: 'A theme with this name exists' }) },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog', { name: SAVE_THEME_TITLE }));
    await expect(dialog.getByText(SAVE_THEME_FAILED)).toBeVisible();
    await expect(dialog.getByText('A theme with this name exists')).toBeVisible();
  },
};

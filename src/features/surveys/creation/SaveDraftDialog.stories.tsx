import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, within } from 'storybook/test';
import { DRAFT_MESSAGES } from '@domain/survey/messages';
import { CREATOR_LABELS } from './labels';
import { SAVE_DRAFT_LABELS, SaveDraftDialog } from './SaveDraftDialog';

const meta = {
  title: 'Surveys/CreateIQ/SaveDraftDialog',
  component: SaveDraftDialog,
  args: { open: true, defaultName: 'Store visit feedback', onCancel: fn(), onSave: fn() },
} satisfies Meta<typeof SaveDraftDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The name starts from the survey's title, is required, and is saved trimmed. */
export const NameTheDraft: Story = {
  play: async ({ args, userEvent }) => {
    const dialog = within(await screen.findByRole('dialog', { name: CREATOR_LABELS.saveAsDraft }));
    const name = dialog.getByRole('textbox', { name: /Draft Name/ });
    await expect(name).toHaveValue('Store visit feedback');
    await userEvent.clear(name);
    await userEvent.type(name, '   ');
    await userEvent.click(dialog.getByRole('button', { name: SAVE_DRAFT_LABELS.submit }));
    await expect(await dialog.findByText(DRAFT_MESSAGES.nameRequired)).toBeVisible();
    await expect(args.onSave).not.toHaveBeenCalled();
    await userEvent.clear(name);
    await userEvent.type(name, '  June store visits {Enter}');
    await expect(args.onSave).toHaveBeenCalledWith('June store visits');
  },
};

export const Saving: Story = {
  args: { busy: true },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog', { name: CREATOR_LABELS.saveAsDraft }));
    await expect(dialog.getByRole('button', { name: CREATOR_LABELS.saving })).toBeDisabled();
    await expect(dialog.getByRole('textbox', { name: /Draft Name/ })).toBeDisabled();
  },
};

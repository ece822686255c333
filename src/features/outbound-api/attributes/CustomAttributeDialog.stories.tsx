import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, within } from 'storybook/test';
import { CUSTOM_ATTRIBUTES } from '../fixtures';
import { ATTRIBUTE_LABELS } from '../labels';
import { CustomAttributeDialog } from './CustomAttributeDialog';

const meta = {
  title: 'Outbound API/Attributes/CustomAttributeDialog',
  component: CustomAttributeDialog,
  args: { open: true, pending: false, onSubmit: fn(), onClose: fn() },
} satisfies Meta<typeof CustomAttributeDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Add stays disabled until the name is not blank once trimmed; the name is sent trimmed. */
export const Add: Story = {
  play: async ({ args, userEvent }) => {
    const dialog = within(await screen.findByRole('dialog', { name: ATTRIBUTE_LABELS.add }));
    const add = dialog.getByRole('button', { name: ATTRIBUTE_LABELS.addButton });
    await expect(add).toBeDisabled();
    await userEvent.type(dialog.getByRole('textbox', { name: /^Name/ }), '   ');
    await expect(add).toBeDisabled();
    await userEvent.type(dialog.getByRole('textbox', { name: /^Name/ }), 'gift_wrap ');
    await userEvent.click(dialog.getByRole('combobox', { name: /^Type/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'boolean' }));
    await userEvent.click(add);
    await expect(args.onSubmit).toHaveBeenCalledWith({ name: 'gift_wrap', type: 'boolean' });
  },
};

export const Edit: Story = {
  args: { attribute: CUSTOM_ATTRIBUTES[1] },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog', { name: ATTRIBUTE_LABELS.edit }));
    await expect(dialog.getByRole('textbox', { name: /^Name/ })).toHaveValue('max_budget');
    await expect(dialog.getByRole('button', { name: ATTRIBUTE_LABELS.updateButton })).toBeEnabled();
  },
};

/** A name the server could not use as a field: the schema's rule is shown on submit. */
export const InvalidName: Story = {
  play: async ({ args, userEvent }) => {
    const dialog = within(await screen.findByRole('dialog', { name: ATTRIBUTE_LABELS.add }));
    await userEvent.type(dialog.getByRole('textbox', { name: /^Name/ }), '9 lives');
    await userEvent.click(dialog.getByRole('button', { name: ATTRIBUTE_LABELS.addButton }));
    await expect(await dialog.findByText('Use letters, digits and underscores, starting with a letter')).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

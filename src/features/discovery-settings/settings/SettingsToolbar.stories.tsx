import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { MODEL_SCREEN } from '../labels';
import { SettingsToolbar } from './SettingsToolbar';

const meta = {
  title: 'Discovery Settings/SettingsToolbar',
  component: SettingsToolbar,
  args: { currentVersion: 3, dirty: true, readOnly: false, saving: false, evaluating: false, onSave: fn(), onReset: fn(), onEvaluate: fn() },
} satisfies Meta<typeof SettingsToolbar>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Edited: Story = {
  play: async ({ canvas, args, userEvent }) => {
    await expect(canvas.getByText(MODEL_SCREEN.unsaved)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: MODEL_SCREEN.save }));
    await expect(args.onSave).toHaveBeenCalled();
  },
};

export const Unchanged: Story = {
  args: { dirty: false },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: MODEL_SCREEN.save })).toBeDisabled();
  },
};

export const ReadOnly: Story = {
  args: { readOnly: true, dirty: false },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button', { name: MODEL_SCREEN.reset })).not.toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: MODEL_SCREEN.evaluate })).toBeEnabled();
  },
};

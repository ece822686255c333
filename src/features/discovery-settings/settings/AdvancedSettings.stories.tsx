import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { DISCOVERY_LEVERS, EXPLANATION_LEVERS } from '@domain/models/settings';
import { READINESS, SETTINGS_VIEW } from '../fixtures';
import { AdvancedSettings } from './AdvancedSettings';

const saved = SETTINGS_VIEW.current.settings;

const meta = {
  title: 'Discovery Settings/AdvancedSettings',
  component: AdvancedSettings,
  args: { model: 'discovery', settings: saved, saved, readiness: READINESS, readOnly: false, onChange: fn() },
} satisfies Meta<typeof AdvancedSettings>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Discovery: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('slider')).toHaveLength(DISCOVERY_LEVERS.length + 1);
    await expect(canvas.getByRole('slider', { name: /Holdout/ })).toHaveAttribute('aria-valuemax', '50');
  },
};

export const Recsplanation: Story = {
  args: { model: 'explanation' },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('slider')).toHaveLength(EXPLANATION_LEVERS.length);
    await expect(canvas.getByRole('combobox', { name: 'Required phrases' })).toBeVisible();
  },
};

export const ReadOnly: Story = {
  args: { readOnly: true },
  play: async ({ canvas }) => {
    for (const slider of canvas.getAllByRole('slider')) await expect(slider).toBeDisabled();
  },
};

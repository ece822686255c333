import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { PUBLISHED_MESSAGES } from '@domain/survey/messages';
import { expectNoSidewaysScroll, PHONE_GLOBALS } from '@/lib/testing/phone';
import { DisplayEditorHeader, SAVE_SETTINGS_LABEL } from './DisplayEditorHeader';

const meta = {
  title: 'Surveys/LiveIQ/Custom Display/DisplayEditorHeader',
  component: DisplayEditorHeader,
  args: { titleId: 'editor-title', surveyName: 'Customer Satisfaction Survey', saving: false, saved: false, onSave: fn() },
} satisfies Meta<typeof DisplayEditorHeader>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Idle: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('heading', { level: 2, name: 'Customize Display' })).toHaveAttribute('id', 'editor-title');
    await expect(canvas.getByText('Customer Satisfaction Survey')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: SAVE_SETTINGS_LABEL }));
    await expect(args.onSave).toHaveBeenCalledTimes(1);
  },
};

export const Saving: Story = {
  args: { saving: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: PUBLISHED_MESSAGES.saving })).toBeDisabled();
  },
};

export const Saved: Story = {
  args: { saved: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: PUBLISHED_MESSAGES.saved })).toHaveClass('MuiButton-colorSuccess');
  },
};

/** At phone width a long name wraps and the button goes under it. */
export const Phone: Story = {
  args: { surveyName: 'Post-purchase satisfaction survey for the spring collection launch in every Acme store' },
  globals: PHONE_GLOBALS,
  play: async ({ canvas, canvasElement }) => {
    const name = canvas.getByText(/Post-purchase satisfaction/).getBoundingClientRect();
    await expect(canvas.getByRole('button', { name: SAVE_SETTINGS_LABEL }).getBoundingClientRect().top).toBeGreaterThan(name.bottom);
    await expectNoSidewaysScroll(canvasElement);
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { CUSTOM_ATTRIBUTES } from '../fixtures';
import { AttributeInputs } from './AttributeInputs';

const meta = {
  title: 'Outbound API/Live Test/AttributeInputs',
  component: AttributeInputs,
  args: { attributes: CUSTOM_ATTRIBUTES, entries: { loyalty_tier: { ticked: true, value: 'gold' } }, onChange: fn() },
} satisfies Meta<typeof AttributeInputs>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Typing a value ticks the attribute. */
export const TypingTicks: Story = {
  play: async ({ canvas, args, userEvent }) => {
    await expect(canvas.getByRole('checkbox', { name: 'Send loyalty_tier' })).toBeChecked();
    await userEvent.type(canvas.getByRole('textbox', { name: 'max_budget (number)' }), '9');
    await expect(args.onChange).toHaveBeenCalledWith('max_budget', { ticked: true, value: '9' });
  },
};

export const WithError: Story = { args: { entries: { max_budget: { ticked: true, value: 'cheap' } }, errors: { max_budget: 'max_budget must be a number' } } };

export const NoAttributes: Story = {
  args: { attributes: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No custom attributes yet')).toBeVisible();
  },
};

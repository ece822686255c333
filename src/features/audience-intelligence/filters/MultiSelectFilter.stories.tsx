import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen } from 'storybook/test';
import { RISK_LABELS, RISK_LEVELS, type RiskLevel } from '@domain/audience/contract';
import { MultiSelectFilter } from './MultiSelectFilter';

const meta = {
  title: 'Audience Intelligence/Filters/MultiSelectFilter',
  component: MultiSelectFilter<RiskLevel>,
  args: {
    label: 'Risk Level',
    anyLabel: 'Any',
    options: RISK_LEVELS.map((value) => ({ value, label: RISK_LABELS[value] })),
    value: [],
    onChange: fn(),
  },
  decorators: [(Story) => <div style={{ maxWidth: 260 }}><Story /></div>],
} satisfies Meta<typeof MultiSelectFilter<RiskLevel>>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Nothing chosen reads "Any"; a choice is reported in the options' order. */
export const NothingChosen: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const select = canvas.getByRole('combobox', { name: /^Risk Level/ });
    await expect(select).toHaveTextContent('Any');
    await userEvent.click(select);
    await userEvent.click(await screen.findByRole('option', { name: 'High' }));
    await expect(args.onChange).toHaveBeenLastCalledWith(['high']);
  },
};

export const TwoChosen: Story = {
  args: { value: ['high', 'low'] },
  play: async ({ args, canvas, userEvent }) => {
    const select = canvas.getByRole('combobox', { name: /^Risk Level/ });
    await expect(select).toHaveTextContent('High, Low');
    await userEvent.click(select);
    await expect(await screen.findByRole('option', { name: 'High', selected: true })).toBeVisible();
    await userEvent.click(screen.getByRole('option', { name: 'Medium' }));
    await expect(args.onChange).toHaveBeenLastCalledWith(['low', 'medium', 'high']);
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { PLANS } from '@domain/plans/plans';
import { expectShown } from '@/lib/testing/storyHelpers';
import { PlanCard } from './PlanCard';

const plan = (id: string) => PLANS.find((entry) => entry.id === id)!;

const meta = {
  title: 'Pages/Plans/PlanCard',
  component: PlanCard,
  args: { plan: plan('mid-market'), onChoose: fn() },
  decorators: [(Story) => <div style={{ maxWidth: 320 }}>{Story()}</div>],
} satisfies Meta<typeof PlanCard>;
export default meta;

type Story = StoryObj<typeof meta>;

export const MostPopular: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expectShown(() => canvas.getByText('Most Popular'));
    await expectShown(() => canvas.getByText('$20 per 1,000 calls overage'));
    await userEvent.click(canvas.getByRole('button', { name: 'Start Free Trial' }));
    await expect(args.onChoose).toHaveBeenCalledWith(args.plan);
  },
};

export const Free: Story = {
  args: { plan: plan('free') },
  play: async ({ canvas }) => {
    await expectShown(() => canvas.getByRole('button', { name: 'Get Started Free' }));
    await expect(canvas.queryByText('Most Popular')).not.toBeInTheDocument();
  },
};

export const Enterprise: Story = {
  args: { plan: plan('enterprise') },
  play: async ({ canvas }) => {
    await expectShown(() => canvas.getByText('Inquire'));
    await expectShown(() => canvas.getByRole('button', { name: 'Contact Sales' }));
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { EMPTY_USAGE, USAGE } from '../fixtures';
import { UsageFigures } from './UsageFigures';

const meta = { title: 'Outbound API/Usage/UsageFigures', component: UsageFigures, args: { usage: USAGE['24h'] } } satisfies Meta<typeof UsageFigures>;
export default meta;

type Story = StoryObj<typeof meta>;

export const LastDay: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('2,681')).toBeVisible();
    await expect(canvas.getByText('19 ms')).toBeVisible();
    await expect(canvas.getByRole('figure', { name: 'Calls, last 24 hours, per hour' })).toBeVisible();
  },
};

export const LastMonth: Story = { args: { usage: USAGE['30d'] } };

export const NoCalls: Story = {
  args: { usage: EMPTY_USAGE },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('figure')).not.toBeInTheDocument();
    await expect(canvas.getAllByText('–')).toHaveLength(3);
  },
};

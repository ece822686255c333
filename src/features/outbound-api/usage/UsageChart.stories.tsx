import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { USAGE } from '../fixtures';
import { UsageChart } from './UsageChart';

const meta = { title: 'Outbound API/Usage/UsageChart', component: UsageChart, args: { usage: USAGE['24h'], height: 180 } } satisfies Meta<typeof UsageChart>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Calls and errors stacked per hour. */
export const LastDay: Story = {
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelectorAll('[class*="MuiBarChart-element"], [class*="MuiBarElement"]').length).toBeGreaterThan(0));
  },
};

/** Per day over a month. */
export const LastMonth: Story = { args: { usage: USAGE['30d'] } };

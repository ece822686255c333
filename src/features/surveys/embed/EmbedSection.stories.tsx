import type { Meta, StoryObj } from '@storybook/react-vite';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { expect } from 'storybook/test';
import { EmbedSection } from './EmbedSection';

const meta = {
  title: 'Surveys/LiveIQ/Embed Code/EmbedSection',
  component: EmbedSection,
  args: {
    title: 'Response Collection',
    description: 'How responses to every survey of your company are kept.',
    children: <Typography>IP addresses are truncated; the cooldown is 14 days.</Typography>,
  },
} satisfies Meta<typeof EmbedSection>;
export default meta;

type Story = StoryObj<typeof meta>;

/** A region named by its heading, so assistive technology can jump to it. */
export const WithDescription: Story = {
  play: async ({ canvas }) => {
    const region = canvas.getByRole('region', { name: 'Response Collection' });
    await expect(region).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 2, name: 'Response Collection' })).toBeVisible();
  },
};

export const WithAction: Story = {
  args: { title: 'Active Surveys', description: undefined, action: <Chip color="success" label="2 active surveys" /> },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('2 active surveys')).toBeVisible();
  },
};

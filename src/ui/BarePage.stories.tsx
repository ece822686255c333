import type { Meta, StoryObj } from '@storybook/react-vite';
import Typography from '@mui/material/Typography';
import { expect } from 'storybook/test';
import { NAVOUT_TAGLINE } from '@/theme';
import { BarePage } from './BarePage';

const meta = {
  title: 'UI/BarePage',
  component: BarePage,
  parameters: { layout: 'fullscreen' },
  args: {
    children: (
      <>
        <Typography variant="h5" component="h1">
          Sign in
        </Typography>
        <Typography sx={{ mt: 1 }}>The card of a page outside the shell.</Typography>
      </>
    ),
  },
} satisfies Meta<typeof BarePage>;
export default meta;

type Story = StoryObj<typeof meta>;

export const WithBrand: Story = {
  args: { brand: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(NAVOUT_TAGLINE)).toBeVisible();
    await expect(canvas.getByRole('main')).toBeVisible();
  },
};

export const Plain: Story = {};

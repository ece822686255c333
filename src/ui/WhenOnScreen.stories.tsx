import type { Meta, StoryObj } from '@storybook/react-vite';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { expect, waitFor } from 'storybook/test';
import { WhenOnScreen } from './WhenOnScreen';

const meta = {
  title: 'UI/WhenOnScreen',
  component: WhenOnScreen,
  args: {
    height: 120,
    children: (
      <Box sx={{ height: 120, bgcolor: 'action.hover', p: 2 }}>
        <Typography>The chart</Typography>
      </Box>
    ),
  },
} satisfies Meta<typeof WhenOnScreen>;
export default meta;

type Story = StoryObj<typeof meta>;

/** In view: the content is drawn at once. */
export const InView: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('The chart')).toBeVisible();
  },
};

/** Far below the fold: a skeleton of the same height holds the place until it is scrolled to. */
export const BelowTheFold: Story = {
  render: (args) => (
    <Box>
      <Box sx={{ height: '300vh' }} />
      <Box data-testid="slot">
        <WhenOnScreen {...args} />
      </Box>
    </Box>
  ),
  play: async ({ canvas, args }) => {
    const slot = canvas.getByTestId('slot');
    await expect(canvas.queryByText('The chart')).toBeNull();
    await expect(slot.getBoundingClientRect().height).toBe(args.height);
    slot.scrollIntoView();
    await waitFor(() => expect(canvas.getByText('The chart')).toBeVisible());
    await expect(slot.getBoundingClientRect().height).toBe(args.height);
    window.scrollTo(0, 0);
  },
};

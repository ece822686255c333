import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { expect, waitFor } from 'storybook/test';
import { BackgroundUpdates } from './BackgroundUpdates';

const meta = {
  title: 'UI/BackgroundUpdates',
  component: BackgroundUpdates,
  args: { children: <Typography>The cards</Typography> },
} satisfies Meta<typeof BackgroundUpdates>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Without a placeholder the children are drawn on the first render. */
export const DrawsItsChildren: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('The cards')).toBeVisible();
  },
};

/** With a placeholder, it shows first and the children follow in the background. */
export const PlaceholderFirst: Story = {
  args: { placeholder: <Typography>Loading the cards</Typography> },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('The cards')).toBeVisible();
    await expect(canvas.queryByText('Loading the cards')).toBeNull();
  },
};

function CounterAbove() {
  const [count, setCount] = useState(0);
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Button variant="contained" onClick={() => setCount(count + 1)}>
        Add one
      </Button>
      <Typography>Counted above: {count}</Typography>
      <BackgroundUpdates>
        <Stack spacing={2}>
          <Typography>Drawn below: {count}</Typography>
          <TypedInside />
        </Stack>
      </BackgroundUpdates>
    </Stack>
  );
}

function TypedInside() {
  const [text, setText] = useState('');
  return <TextField label="Typed inside" value={text} onChange={(event) => setText(event.target.value)} />;
}

/** A change from above reaches the children in the background; typing inside them is not delayed. */
export const UpdatesFromAbove: Story = {
  render: () => <CounterAbove />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Add one' }));
    await expect(canvas.getByText('Counted above: 1')).toBeVisible();
    await waitFor(() => expect(canvas.getByText('Drawn below: 1')).toBeVisible());
    const field = canvas.getByLabelText('Typed inside');
    await userEvent.type(field, 'abc');
    await expect(field).toHaveValue('abc');
  },
};

import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import Stack from '@mui/material/Stack';
import { NumberField } from './NumberField';

/** A field holding its value as the editor would, beside one showing a validation message. */
function Fields({ onNumber }: { onNumber: (value: number) => void }) {
  const [number, setNumber] = useState(5);
  return (
    <Stack spacing={3} sx={{ maxWidth: 360 }}>
      <NumberField
        label="Show percentage"
        unit="%"
        value={number}
        min={1}
        max={100}
        helperText="1-100%"
        onChange={(value) => {
          setNumber(value);
          onNumber(value);
        }}
      />
      <NumberField label="Cooldown" unit="days" value={3} min={0} onChange={() => undefined} error="Must be at most 365" />
    </Stack>
  );
}

const meta = {
  title: 'Surveys/LiveIQ/Custom Display/NumberField',
  component: Fields,
  args: { onNumber: fn() },
} satisfies Meta<typeof Fields>;
export default meta;

type Story = StoryObj<typeof meta>;

/** A number is kept in range while typing; leaving the field shows what was kept. */
export const KeptInRange: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const field = canvas.getByRole('spinbutton', { name: 'Show percentage' });
    await expect(field).toHaveAttribute('min', '1');
    await expect(field).toHaveAttribute('max', '100');
    await userEvent.clear(field);
    await expect(args.onNumber).toHaveBeenLastCalledWith(1);
    await userEvent.type(field, '250');
    await expect(args.onNumber).toHaveBeenLastCalledWith(100);
    await userEvent.tab();
    await expect(field).toHaveValue(100);
    await expect(canvas.getByText('Must be at most 365')).toBeVisible();
  },
};

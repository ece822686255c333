import type { Meta, StoryObj } from '@storybook/react-vite';
import { useForm } from 'react-hook-form';
import { yupResolver } from '@hookform/resolvers/yup';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { expect } from 'storybook/test';
import { loginSchema, type LoginInput } from '@domain/auth/schemas';
import { FormInputField } from './FormInputField';

/** Two bound fields and a submit button: the schema's messages appear under the fields. */
function BoundFields() {
  const { control, handleSubmit } = useForm<LoginInput>({
    resolver: yupResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={handleSubmit(() => undefined)} sx={{ maxWidth: 360 }}>
      <FormInputField control={control} name="email" label="Email" type="email" required />
      <FormInputField control={control} name="password" label="Password" type="password" helperText="At least 6 characters" />
      <Button type="submit" variant="contained">
        Submit
      </Button>
    </Stack>
  );
}

const meta = {
  title: 'UI/FormInputField',
  component: BoundFields,
} satisfies Meta<typeof BoundFields>;
export default meta;

type Story = StoryObj<typeof meta>;

export const WithHelperText: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('At least 6 characters')).toBeVisible();
  },
};

export const ShowsTheSchemaMessage: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expect(await canvas.findByText('Email is required')).toBeVisible();
    await expect(canvas.getByLabelText(/Email/)).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByText('Password is required')).toBeVisible();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { useForm } from 'react-hook-form';
import { expect } from 'storybook/test';
import { ApiKeyField } from './ApiKeyField';

function ApiKeyFieldDemo({ label, helperText }: { label: string; helperText?: string }) {
  const { control } = useForm({ defaultValues: { apiKey: 'sk_live_51Hf3kAcmeRetail' } });
  return <ApiKeyField control={control} name="apiKey" label={label} helperText={helperText} fullWidth />;
}

const meta = {
  title: 'Data Sources/ApiKeyField',
  component: ApiKeyFieldDemo,
  args: { label: 'API Key', helperText: 'Stored encrypted; it is never shown again.' },
} satisfies Meta<typeof ApiKeyFieldDemo>;
export default meta;

type Story = StoryObj<typeof meta>;

export const HiddenThenShown: Story = {
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByLabelText('API Key');
    await expect(input).toHaveAttribute('type', 'password');
    await userEvent.click(canvas.getByRole('button', { name: 'Show API key' }));
    await expect(input).toHaveAttribute('type', 'text');
    await expect(input).toHaveValue('sk_live_51Hf3kAcmeRetail');
    await userEvent.click(canvas.getByRole('button', { name: 'Hide API key' }));
    await expect(input).toHaveAttribute('type', 'password');
  },
};

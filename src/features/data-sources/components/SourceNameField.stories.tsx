import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { SOURCE_NAME_LABEL, SourceNameField, useSourceName } from './SourceNameField';

/** The field with its state, as the connect form holds it. */
function SourceNameDemo({ defaultName, entryName }: { defaultName: string; entryName: string }) {
  const field = useSourceName(defaultName);
  return <SourceNameField field={field} entryName={entryName} />;
}

const meta = {
  title: 'Data Sources/SourceNameField',
  component: SourceNameDemo,
  args: { defaultName: 'Stripe 2', entryName: 'Stripe' },
} satisfies Meta<typeof SourceNameDemo>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Starts from the name offered; left blank it is required. */
export const OfferedThenBlank: Story = {
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: SOURCE_NAME_LABEL });
    await expect(input).toHaveValue('Stripe 2');
    await expect(canvas.getByText('Tells it apart from the Stripe source you have.')).toBeVisible();
    await userEvent.clear(input);
    await expect(canvas.getByText('Name is required')).toBeVisible();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(input, 'Stripe EU');
    await expect(input).toHaveAttribute('aria-invalid', 'false');
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { PhraseListInput } from './PhraseListInput';

const meta = {
  title: 'Discovery Settings/PhraseListInput',
  component: PhraseListInput,
  args: { label: 'Banned phrases', helperText: 'Explanations never contain these.', phrases: ['cheap', 'guaranteed'], onChange: fn() },
} satisfies Meta<typeof PhraseListInput>;
export default meta;

type Story = StoryObj<typeof meta>;

export const AddAPhrase: Story = {
  play: async ({ canvas, args, userEvent }) => {
    await expect(canvas.getByText('guaranteed')).toBeVisible();
    await userEvent.type(canvas.getByRole('combobox', { name: 'Banned phrases' }), '  best ever  {Enter}');
    await expect(args.onChange).toHaveBeenCalledWith(['cheap', 'guaranteed', 'best ever']);
  },
};

export const Empty: Story = { args: { phrases: [] } };

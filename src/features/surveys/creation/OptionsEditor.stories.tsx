import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { OPTIONS_LABELS, OptionsEditor, type OptionsEditorProps } from './OptionsEditor';

function Stateful(args: OptionsEditorProps) {
  const [options, setOptions] = useState(args.options);
  return (
    <OptionsEditor
      options={options}
      onChange={(next) => {
        setOptions(next);
        args.onChange(next);
      }}
    />
  );
}

const meta = {
  title: 'Surveys/CreateIQ/OptionsEditor',
  component: OptionsEditor,
  args: { options: ['Option 1', 'Option 2'], onChange: fn() },
  render: (args) => <Stateful {...args} />,
} satisfies Meta<typeof OptionsEditor>;
export default meta;

type Story = StoryObj<typeof meta>;

export const AddRenameRemove: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: OPTIONS_LABELS.add }));
    await expect(args.onChange).toHaveBeenLastCalledWith(['Option 1', 'Option 2', 'Option 3']);
    const first = canvas.getByRole('textbox', { name: 'Option 1' });
    await userEvent.clear(first);
    await userEvent.type(first, 'Email');
    await userEvent.click(canvas.getByRole('button', { name: OPTIONS_LABELS.remove(2) }));
    await expect(args.onChange).toHaveBeenLastCalledWith(['Email', 'Option 3']);
  },
};

import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor } from 'storybook/test';
import { DEFAULT_THEME } from '@domain/survey/defaults';
import type { SurveyTheme } from '@domain/survey/types';
import { ThemeFields, type ThemeFieldsProps } from './ThemeFields';

function Stateful(args: ThemeFieldsProps) {
  const [value, setValue] = useState<SurveyTheme>(args.value);
  return (
    <ThemeFields
      {...args}
      value={value}
      onChange={(next) => {
        setValue(next);
        args.onChange(next);
      }}
    />
  );
}

const meta = {
  title: 'Surveys/Styling/ThemeFields',
  component: ThemeFields,
  args: { value: DEFAULT_THEME, onChange: fn() },
  render: (args) => <Stateful {...args} />,
} satisfies Meta<typeof ThemeFields>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Colours typed as hex or picked; font, radius (0-20 px) and alignments. */
export const EditTheme: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const primary = canvas.getByRole('textbox', { name: 'Primary Color' });
    await userEvent.clear(primary);
    await userEvent.type(primary, 'blue');
    await expect(canvas.getByText('Must be a colour like #007bff')).toBeVisible();
    await expect(args.onChange).not.toHaveBeenCalledWith(expect.objectContaining({ primaryColor: 'blue' }));
    await userEvent.clear(primary);
    await userEvent.type(primary, '#2f6fde');
    await expect(args.onChange).toHaveBeenLastCalledWith(expect.objectContaining({ primaryColor: '#2f6fde' }));
    await expect(canvas.getByLabelText('Primary Color picker')).toHaveValue('#2f6fde');

    await userEvent.click(canvas.getByRole('combobox', { name: 'Font Family' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Georgia' }));
    await expect(args.onChange).toHaveBeenLastCalledWith(expect.objectContaining({ fontFamily: 'Georgia' }));

    const radius = canvas.getByRole('slider', { name: /Border Radius/ });
    await expect(radius).toHaveAttribute('aria-valuemax', '20');
    radius.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await waitFor(() => expect(args.onChange).toHaveBeenLastCalledWith(expect.objectContaining({ borderRadius: '10px' })));
    await expect(canvas.getByText('Border Radius: 10px')).toBeVisible();

    await userEvent.click(canvas.getByRole('combobox', { name: 'Title Alignment' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Left' }));
    await expect(args.onChange).toHaveBeenLastCalledWith(expect.objectContaining({ titleAlignment: 'left' }));
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Background Color' })).toBeDisabled();
    await expect(canvas.getByRole('slider', { name: /Border Radius/ })).toBeDisabled();
  },
};

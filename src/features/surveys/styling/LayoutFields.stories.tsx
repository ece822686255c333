import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen } from 'storybook/test';
import { DEFAULT_DISPLAY, DEFAULT_LAYOUT } from '@domain/survey/defaults';
import { LayoutFields, type LayoutFieldsProps } from './LayoutFields';

function Stateful(args: LayoutFieldsProps) {
  const [layout, setLayout] = useState(args.layout);
  const [display, setDisplay] = useState(args.display);
  return (
    <LayoutFields
      {...args}
      layout={layout}
      display={display}
      onLayoutChange={(next) => {
        setLayout(next);
        args.onLayoutChange(next);
      }}
      onDisplayChange={(next) => {
        setDisplay(next);
        args.onDisplayChange(next);
      }}
    />
  );
}

const meta = {
  title: 'Surveys/Styling/LayoutFields',
  component: LayoutFields,
  args: { layout: DEFAULT_LAYOUT, display: DEFAULT_DISPLAY, onLayoutChange: fn(), onDisplayChange: fn() },
  render: (args) => <Stateful {...args} />,
} satisfies Meta<typeof LayoutFields>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Carousel or scroll, progress and back navigation, and the survey's width and padding. */
export const EditLayout: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: 'Display Mode' }));
    await userEvent.click(await screen.findByRole('option', { name: /Carousel/ }));
    await expect(args.onDisplayChange).toHaveBeenLastCalledWith({ ...DEFAULT_DISPLAY, viewMode: 'carousel' });
    await userEvent.click(canvas.getByRole('switch', { name: 'Show progress' }));
    await expect(args.onDisplayChange).toHaveBeenLastCalledWith({ ...DEFAULT_DISPLAY, viewMode: 'carousel', showProgress: false });

    const maxWidth = canvas.getByRole('textbox', { name: 'Max Width' });
    await userEvent.clear(maxWidth);
    await userEvent.type(maxWidth, '720');
    await expect(canvas.getByText('Must be a length like 600px or 100%')).toBeVisible();
    await userEvent.type(maxWidth, 'px');
    await expect(args.onLayoutChange).toHaveBeenLastCalledWith({ ...DEFAULT_LAYOUT, maxWidth: '720px' });
  },
};

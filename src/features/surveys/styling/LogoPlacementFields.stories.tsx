import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen } from 'storybook/test';
import { DEFAULT_LOGO } from '@domain/survey/defaults';
import type { SurveyLogo } from '@domain/survey/types';
import { PHONE_GLOBALS } from '@/lib/testing/phone';
import { LOGO_FIELD_LABELS } from './logoFieldLabels';
import { LogoPlacementFields, type LogoPlacementFieldsProps } from './LogoPlacementFields';

function Stateful(args: LogoPlacementFieldsProps) {
  const [value, setValue] = useState<SurveyLogo>(args.value);
  return (
    <LogoPlacementFields
      {...args}
      value={value}
      onChange={(next) => {
        setValue(next);
        args.onChange(next);
      }}
    />
  );
}

const LOGO: SurveyLogo = { ...DEFAULT_LOGO, enabled: true, url: 'https://cdn.example/logo.png' };

const meta = {
  title: 'Surveys/Styling/LogoPlacementFields',
  component: LogoPlacementFields,
  args: { value: LOGO, onChange: fn() },
  render: (args) => <Stateful {...args} />,
} satisfies Meta<typeof LogoPlacementFields>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Size and margin are checked as typed; only acceptable values reach the logo. */
export const SizeAndMargin: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const width = canvas.getByRole('textbox', { name: LOGO_FIELD_LABELS.width });
    await expect(width).toHaveValue(LOGO.width);
    await userEvent.clear(width);
    await userEvent.type(width, '120px');
    await expect(args.onChange).toHaveBeenLastCalledWith({ ...LOGO, width: '120px' });
    const margin = canvas.getByRole('textbox', { name: LOGO_FIELD_LABELS.margin });
    await userEvent.clear(margin);
    await userEvent.type(margin, '0 auto 24px');
    await expect(args.onChange).toHaveBeenLastCalledWith({ ...LOGO, width: '120px', margin: '0 auto 24px' });
  },
};

/** Position and fit are chosen from lists; radius (0-20 px) and opacity (0.1-1 in steps of 0.1) by slider. */
export const PositionFitAndSliders: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: LOGO_FIELD_LABELS.objectFit }));
    await userEvent.click(await screen.findByRole('option', { name: 'Scale down' }));
    await expect(args.onChange).toHaveBeenLastCalledWith({ ...LOGO, objectFit: 'scale-down' });
    const radius = canvas.getByRole('slider', { name: /Logo Border Radius/ });
    await expect(radius).toHaveAttribute('aria-valuemin', '0');
    await expect(radius).toHaveAttribute('aria-valuemax', '20');
    radius.focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(args.onChange).toHaveBeenLastCalledWith(expect.objectContaining({ borderRadius: `${Number.parseInt(LOGO.borderRadius, 10) + 1}px` }));
    const opacity = canvas.getByRole('slider', { name: /Logo Opacity/ });
    await expect(opacity).toHaveAttribute('aria-valuemin', '0.1');
    await expect(opacity).toHaveAttribute('aria-valuemax', '1');
  },
};

/** At phone width width and height, position and fit stack in one column, each as wide as the screen allows. */
export const Phone: Story = {
  globals: PHONE_GLOBALS,
  play: async ({ canvas }) => {
    const width = canvas.getByRole('textbox', { name: LOGO_FIELD_LABELS.width }).getBoundingClientRect();
    const height = canvas.getByRole('textbox', { name: LOGO_FIELD_LABELS.height }).getBoundingClientRect();
    await expect(height.top).toBeGreaterThan(width.bottom);
    const position = canvas.getByRole('combobox', { name: LOGO_FIELD_LABELS.position }).getBoundingClientRect();
    const fit = canvas.getByRole('combobox', { name: LOGO_FIELD_LABELS.objectFit }).getBoundingClientRect();
    await expect(fit.top).toBeGreaterThan(position.bottom);
    for (const field of canvas.getAllByRole('textbox')) await expect(field.getBoundingClientRect().right).toBeLessThanOrEqual(390);
  },
};

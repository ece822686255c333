import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { EXPORT_FIELDS, EXPORT_LABELS, type ExportFieldId } from '@domain/audience/export';
import { FieldSelectionCard } from './FieldSelectionCard';
import { EXPORT_TEXT, FIELD_TYPE_LABELS } from './labels';

const meta = {
  title: 'Export Data/FieldSelectionCard',
  component: FieldSelectionCard,
  parameters: { layout: 'padded' },
  args: { selected: new Set<ExportFieldId>(), onChange: fn() },
  render: function Render(args) {
    const [selected, setSelected] = useState<Set<ExportFieldId>>(new Set(args.selected));
    return (
      <FieldSelectionCard
        {...args}
        selected={selected}
        onChange={(next) => {
          args.onChange(next);
          setSelected(next);
        }}
      />
    );
  },
} satisfies Meta<typeof FieldSelectionCard>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The ten fields with their descriptions and types; Select All and Clear All move the count. */
export const SelectAllAndClearAll: Story = {
  play: async ({ args, canvas, userEvent }) => {
    for (const field of EXPORT_FIELDS) await expect(canvas.getByText(field.description)).toBeVisible();
    await expect(canvas.getAllByText(FIELD_TYPE_LABELS.number)).toHaveLength(2);
    await expect(canvas.getAllByText(FIELD_TYPE_LABELS.string)).toHaveLength(6);
    await expect(canvas.getByText(EXPORT_TEXT.selectedCount(0, 10))).toBeVisible();
    await expect(canvas.getByRole('button', { name: EXPORT_LABELS.clearAll })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: EXPORT_LABELS.selectAll }));
    await expect(canvas.getByText(EXPORT_TEXT.selectedCount(10, 10))).toBeVisible();
    await expect(args.onChange).toHaveBeenLastCalledWith(new Set(EXPORT_FIELDS.map((field) => field.id)));
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Location' }));
    await expect(canvas.getByText(EXPORT_TEXT.selectedCount(9, 10))).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: EXPORT_LABELS.clearAll }));
    await expect(canvas.getByText(EXPORT_TEXT.selectedCount(0, 10))).toBeVisible();
    await expect(args.onChange).toHaveBeenLastCalledWith(new Set());
  },
};

/** Some fields already chosen. */
export const SomeSelected: Story = {
  args: { selected: new Set<ExportFieldId>(['email', 'revenue', 'source']) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(EXPORT_TEXT.selectedCount(3, 10))).toBeVisible();
    await expect(canvas.getByRole('checkbox', { name: 'Revenue' })).toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: 'Name' })).not.toBeChecked();
  },
};

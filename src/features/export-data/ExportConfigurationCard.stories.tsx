import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen } from 'storybook/test';
import { DEFAULT_EXPORT_FILE_NAME, EXPORT_LABELS, EXPORT_RANGE_LABELS, EXPORT_RANGES, type ExportRange } from '@domain/audience/export';
import { EXPORT_REQUEST_MESSAGES, exportFileNameProblem } from '@domain/audience/exportRequest';
import { ExportConfigurationCard } from './ExportConfigurationCard';
import { EXPORT_TEXT } from './labels';

const meta = {
  title: 'Export Data/ExportConfigurationCard',
  component: ExportConfigurationCard,
  parameters: { layout: 'padded' },
  args: { fileName: DEFAULT_EXPORT_FILE_NAME, range: '30d', fileNameProblem: null, onFileNameChange: fn(), onRangeChange: fn() },
  render: function Render(args) {
    const [fileName, setFileName] = useState(args.fileName);
    const [range, setRange] = useState<ExportRange>(args.range);
    return (
      <ExportConfigurationCard
        {...args}
        fileName={fileName}
        range={range}
        fileNameProblem={exportFileNameProblem(fileName)}
        onFileNameChange={(next) => {
          args.onFileNameChange(next);
          setFileName(next);
        }}
        onRangeChange={(next) => {
          args.onRangeChange(next);
          setRange(next);
        }}
      />
    );
  },
} satisfies Meta<typeof ExportConfigurationCard>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The defaults; every range of section 9 is offered; the file's name follows both inputs. */
export const Defaults: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('textbox', { name: EXPORT_LABELS.fileName })).toHaveValue('data_export');
    await userEvent.click(canvas.getByRole('combobox', { name: EXPORT_LABELS.dateRange }));
    const options = await screen.findAllByRole('option');
    await expect(options.map((option) => option.textContent)).toEqual(EXPORT_RANGES.map((range) => EXPORT_RANGE_LABELS[range]));
    await expect(screen.getByRole('option', { name: 'Last 30 days' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByRole('option', { name: 'Last year' }));
    await expect(args.onRangeChange).toHaveBeenLastCalledWith('1y');
    await expect(canvas.getByText(EXPORT_TEXT.savedAs('data_export_1y.csv'))).toBeVisible();
  },
};

/** A name that cannot be a file name says why. */
export const UnusableName: Story = {
  args: { fileName: 'q1 "final"' },
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByText(EXPORT_REQUEST_MESSAGES.nameCharacters)).toBeVisible();
    const name = canvas.getByRole('textbox', { name: EXPORT_LABELS.fileName });
    await userEvent.clear(name);
    await userEvent.type(name, 'q1 final');
    await expect(canvas.getByText(EXPORT_TEXT.savedAs('q1 final_30d.csv'))).toBeVisible();
  },
};

import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen } from 'storybook/test';
import { SOURCES } from '../fixtures';
import { initialChoices, type ImportChoices } from './importChoices';
import { CUSTOMERS_PREVIEW, PREVIEW_WITH_TEMPLATE } from './importFixtures';
import { ImportOptionsForm, type ImportOptionsFormProps } from './ImportOptionsForm';

/** The form is controlled: the story keeps its choices, as the dialog does. */
function Controlled(props: Omit<ImportOptionsFormProps, 'choices'> & { initial?: ImportChoices }) {
  const [choices, setChoices] = useState(props.initial ?? initialChoices(props.preview, props.source));
  return (
    <ImportOptionsForm
      {...props}
      choices={choices}
      onChange={(next) => {
        setChoices(next);
        props.onChange(next);
      }}
    />
  );
}

const meta = {
  title: 'Data Sources/Import/ImportOptionsForm',
  component: Controlled,
  args: { preview: CUSTOMERS_PREVIEW, onChange: fn() },
} satisfies Meta<typeof Controlled>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Suggested: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('combobox', { name: 'Unified field for customer_id' })).toHaveDisplayValue('User ID');
    await expect(canvas.getByRole('combobox', { name: 'Date range' })).toHaveTextContent('All time');
    await userEvent.click(canvas.getByRole('combobox', { name: 'Date range' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Last 90 days' }));
    await expect(canvas.getByRole('combobox', { name: 'Date range' })).toHaveTextContent('Last 90 days');
  },
};

/** Another kind of record brings its own fields: a customer list read as events has its dates as event times, but no event type. */
export const ChangeKind: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: 'What are the records?' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Events (what people did, and when)' }));
    await expect(await canvas.findByText(/These records need Event type:/)).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: 'Unified field for signup_date' })).toHaveDisplayValue('Event time');
    await expect(canvas.getByRole('combobox', { name: 'Unified field for email' })).toHaveDisplayValue('E-mail');
    await expect(canvas.getByRole('combobox', { name: 'Unified field for city' })).toHaveDisplayValue('Keep as is');
  },
};

export const WithTemplate: Story = {
  args: { preview: PREVIEW_WITH_TEMPLATE },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Saved mapping applied')).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: 'Unified field for city' })).toHaveDisplayValue('Keep as is');
  },
};

export const ReimportIntoSource: Story = {
  args: { source: SOURCES.customersCsv },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Set by customers.csv, whose records this file updates.')).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: 'Key column for updates (optional)' })).toHaveTextContent('customer_id');
  },
};

/** No date column: the range has nothing to apply to. */
export const NoDateColumn: Story = {
  args: { initial: { ...initialChoices(CUSTOMERS_PREVIEW), dateColumn: '' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'Date range' })).toHaveAttribute('aria-disabled', 'true');
    await expect(canvas.getByText('Choose a date column first.')).toBeVisible();
  },
};

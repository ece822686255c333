import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { CONNECTOR_LABELS } from '@domain/data/connectors';
import { ConnectorFormActions } from './ConnectorFormActions';

const meta = {
  title: 'Data Sources/ConnectorFormActions',
  component: ConnectorFormActions,
  // The buttons end a form: Connect or Save submits it.
  decorators: [(Story) => <form onSubmit={(event) => event.preventDefault()}>{Story()}</form>],
  args: { onCancel: fn(), saving: false, onTest: fn(), testing: false, submitLabel: 'Connect', submitDisabled: false },
} satisfies Meta<typeof ConnectorFormActions>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Cancel, Test Connection and the submit button, each doing its part. */
export const Ready: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: CONNECTOR_LABELS.testConnection }));
    await expect(args.onTest).toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await expect(args.onCancel).toHaveBeenCalled();
    await expect(canvas.getByRole('button', { name: 'Connect' })).toHaveAttribute('type', 'submit');
  },
};

/** While the test runs, it says so and neither it nor the submit button can be pressed; Cancel can. */
export const Testing: Story = {
  args: { testing: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: CONNECTOR_LABELS.testing })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Connect' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  },
};

/** While the save runs, Cancel waits for it too. */
export const Saving: Story = {
  args: { saving: true, submitLabel: 'Save' },
  play: async ({ canvas }) => {
    for (const name of ['Cancel', CONNECTOR_LABELS.testConnection, 'Save']) await expect(canvas.getByRole('button', { name })).toBeDisabled();
  },
};

/** Nothing to test (a pushed source) and a form not yet complete: no test button, the submit button waits. */
export const NothingToTest: Story = {
  args: { onTest: undefined, submitDisabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button', { name: CONNECTOR_LABELS.testConnection })).not.toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Connect' })).toBeDisabled();
  },
};

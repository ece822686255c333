import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor } from 'storybook/test';
import { DATA_SOURCE_MESSAGES } from '@domain/data/sources';
import { withSession } from '@/lib/testing/fixtures';
import { mockFetch } from '@/lib/testing/mockFetch';
import { expectShown } from '@/lib/testing/storyHelpers';
import { CustomFieldForm } from './CustomFieldForm';
import { mappingApiRoutes } from './mappingFixtures';

const meta = {
  title: 'Data Sources/Mapping/CustomFieldForm',
  component: CustomFieldForm,
  decorators: [withSession('companyAdmin')],
  beforeEach: () => mockFetch(mappingApiRoutes()),
  args: { companyId: null, onAdded: fn(), onCancel: fn() },
} satisfies Meta<typeof CustomFieldForm>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Name and description are both required: blanks do not count. */
export const AddDisabledUntilFilled: Story = {
  play: async ({ canvas, userEvent }) => {
    const add = canvas.getByRole('button', { name: 'Add' });
    await expect(add).toBeDisabled();
    await userEvent.type(canvas.getByLabelText(/^Name/), 'basket_size');
    await expect(add).toBeDisabled();
    await userEvent.type(canvas.getByLabelText(/^Description/), '  ');
    await expect(add).toBeDisabled();
    await userEvent.type(canvas.getByLabelText(/^Description/), 'Items per order');
    await expect(add).toBeEnabled();
  },
};

export const AddsAMetric: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText(/^Name/), ' basket_size ');
    await userEvent.type(canvas.getByLabelText(/^Description/), 'Items per order');
    await userEvent.click(canvas.getByRole('combobox', { name: 'Type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Metric' }));
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Unified field of the custom field (optional)' }), 'Revenue');
    await userEvent.click(canvas.getByRole('button', { name: 'Add' }));
    await expectShown(() => screen.getByText(DATA_SOURCE_MESSAGES.customFieldAdded('basket_size')));
    await waitFor(() => expect(args.onAdded).toHaveBeenCalledWith(expect.objectContaining({ name: 'basket_size', type: 'metric', unifiedField: 'revenue' })));
    // Ready for the next one.
    await expect(canvas.getByLabelText(/^Name/)).toHaveValue('');
  },
};

/** A name already in use: the server says so beside the field. */
export const DuplicateName: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText(/^Name/), 'email');
    await userEvent.type(canvas.getByLabelText(/^Description/), 'Another e-mail');
    await userEvent.click(canvas.getByRole('button', { name: 'Add' }));
    await expectShown(() => canvas.getByText('A field with this name already exists'));
    await expect(canvas.getByText('Failed to add custom field')).toBeVisible();
  },
};

export const Cancel: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText(/^Name/), 'draft');
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await expect(args.onCancel).toHaveBeenCalled();
    await expect(canvas.getByLabelText(/^Name/)).toHaveValue('');
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { ApiError } from '@/lib/apiClient';
import { globexCompany } from '@/lib/testing/sessions';
import { expectShown } from '@/lib/testing/storyHelpers';
import { CompanyForm } from './CompanyForm';

const meta = {
  title: 'Administration/Companies/CompanyForm',
  component: CompanyForm,
  args: { onSubmit: fn(), onCancel: fn(), submitting: false },
} satisfies Meta<typeof CompanyForm>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Add: name and domain are required before the form can be sent. */
export const Add: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const add = canvas.getByRole('button', { name: 'Add Company' });
    await expect(add).toBeDisabled();
    await userEvent.type(canvas.getByLabelText(/^Company Name/), 'Umbrella Labs');
    await expect(add).toBeDisabled();
    await userEvent.type(canvas.getByLabelText(/^Domain/), 'umbrella.example');
    await expect(add).toBeEnabled();
    await userEvent.click(add);
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith(
        expect.objectContaining({ name: 'Umbrella Labs', domain: 'umbrella.example', status: 'active', website: null }),
      ),
    );
  },
};

export const Edit: Story = {
  args: { company: globexCompany },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText(/^Company Name/)).toHaveValue('Globex Health');
    await expect(canvas.getByRole('combobox', { name: 'Company Size' })).toHaveTextContent('51-200');
    await expect(canvas.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
  },
};

export const Saving: Story = {
  args: { company: globexCompany, submitting: true },
};

export const SaveFailed: Story = {
  args: { company: globexCompany, error: new ApiError('A company with this domain already exists', 409, null) },
  play: async ({ canvas }) => {
    await expectShown(() => canvas.getByText('Failed to update company'));
    await expectShown(() => canvas.getByText('A company with this domain already exists'));
  },
};

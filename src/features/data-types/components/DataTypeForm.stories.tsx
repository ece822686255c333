import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor } from 'storybook/test';
import { DATA_TYPE_MESSAGES } from '@domain/dataTypes/dataTypes';
import { DATA_TYPES } from '../fixtures';
import { DataTypeForm } from './DataTypeForm';

const meta = {
  title: 'Data Types/Data Type Form',
  component: DataTypeForm,
  args: {
    pending: false,
    destination: 'It will be a global data type: every company sees it.',
    onSubmit: fn(),
    onCancel: fn(),
  },
} satisfies Meta<typeof DataTypeForm>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Create mode: blank, type static; name, data field name and type are required. */
export const CreateMode: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('form', { name: 'Create a data type' })).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: /^Name/ })).toHaveValue('');
    await expect(canvas.getByRole('combobox', { name: /^Type/ })).toHaveTextContent('Static');
    await expect(canvas.getByText(args.destination!)).toBeVisible();

    await userEvent.type(canvas.getByRole('textbox', { name: /^Name/ }), '   ');
    await userEvent.click(canvas.getByRole('button', { name: 'Create Data Type' }));
    await waitFor(() => expect(canvas.getByText(DATA_TYPE_MESSAGES.nameRequired)).toBeVisible());
    await expect(canvas.getByText(DATA_TYPE_MESSAGES.dataFieldNameRequired)).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();

    await userEvent.clear(canvas.getByRole('textbox', { name: /^Name/ }));
    await userEvent.type(canvas.getByRole('textbox', { name: /^Name/ }), 'Age Band');
    await userEvent.type(canvas.getByRole('textbox', { name: /^Data Field Name/ }), 'age_band');
    await userEvent.click(canvas.getByRole('combobox', { name: /^Type/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Dynamic' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Create Data Type' }));
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({ name: 'Age Band', dataFieldName: 'age_band', type: 'dynamic', description: '' }),
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await expect(args.onCancel).toHaveBeenCalledOnce();
  },
};

/** Edit mode: the type's values, and no word on where it is filed (that never changes). */
export const EditMode: Story = {
  args: { dataType: DATA_TYPES.loyaltyTier },
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('form', { name: 'Edit Loyalty Tier' })).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: /^Name/ })).toHaveValue('Loyalty Tier');
    await expect(canvas.getByRole('textbox', { name: /^Data Field Name/ })).toHaveValue('loyalty_tier');
    await expect(canvas.getByRole('textbox', { name: 'Description' })).toHaveValue('Bronze, Silver or Gold, from the loyalty programme.');
    await expect(canvas.queryByText(args.destination!)).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledWith(expect.objectContaining({ name: 'Loyalty Tier', type: 'static' })));
  },
};

/** While the save runs, nothing can be changed or sent twice. */
export const Saving: Story = {
  args: { dataType: DATA_TYPES.preferredStore, pending: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: /^Name/ })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  },
};

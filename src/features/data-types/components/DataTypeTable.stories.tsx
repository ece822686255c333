import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { DESKTOP_GLOBALS, expectColumnsInFull } from '@/lib/testing/tables';
import { DATA_TYPE_LIST, DATA_TYPES } from '../fixtures';
import { DataTypeTable } from './DataTypeTable';

const meta = {
  title: 'Data Types/Data Type Table',
  component: DataTypeTable,
  args: { dataTypes: DATA_TYPE_LIST, canManage: true, isGlobalAdmin: true, onEdit: fn(), onDelete: fn() },
} satisfies Meta<typeof DataTypeTable>;
export default meta;

type Story = StoryObj<typeof meta>;

export const GlobalAdmin: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const ageBand = within(await canvas.findByRole('row', { name: /Age Band/ }));
    await expect(ageBand.getByText('Global')).toBeVisible();
    await expect(ageBand.getByText('Static')).toBeVisible();
    await userEvent.click(ageBand.getByRole('button', { name: 'Edit Age Band' }));
    await expect(args.onEdit).toHaveBeenCalledWith(DATA_TYPES.ageBand);
    await userEvent.click(canvas.getByRole('button', { name: 'Delete Home Clinic' }));
    await expect(args.onDelete).toHaveBeenCalledWith(DATA_TYPES.clinic);
  },
};

/** Anyone else: their company's rows have actions, the global ones none. */
export const CompanyAdmin: Story = {
  args: { isGlobalAdmin: false },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Edit Loyalty Tier' })).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Edit Last Purchase Date' })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Delete Age Band' })).not.toBeInTheDocument();
  },
};

export const ReadOnly: Story = {
  args: { canManage: false, isGlobalAdmin: false },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('columnheader', { name: 'Created By' })).toBeInTheDocument();
    await expect(canvas.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  },
};

/** 1440 px: names, field names, companies and creators in full (phones get DataTypeCards instead). */
export const WideScreen: Story = {
  globals: DESKTOP_GLOBALS,
  play: async ({ canvas }) => {
    await canvas.findByRole('row', { name: /Age Band/ });
    await expectColumnsInFull(canvas.getByRole('grid', { name: 'Data types' }), ['name', 'dataFieldName', 'type', 'companyName', 'createdByName', 'actions']);
  },
};

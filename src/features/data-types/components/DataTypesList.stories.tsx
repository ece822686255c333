import type { Meta, StoryObj } from '@storybook/react-vite';
import Button from '@mui/material/Button';
import { expect, fn } from 'storybook/test';
import { DATA_TYPE_MESSAGES } from '@domain/dataTypes/dataTypes';
import { PHONE_GLOBALS } from '@/lib/testing/phone';
import { DATA_TYPE_LIST } from '../fixtures';
import { DataTypesList } from './DataTypesList';

const meta = {
  title: 'Data Types/Data Types List',
  component: DataTypesList,
  args: {
    all: DATA_TYPE_LIST,
    shown: DATA_TYPE_LIST,
    error: null,
    onRetry: fn(),
    canManage: true,
    isGlobalAdmin: true,
    createButton: <Button variant="contained">Create Data Type</Button>,
    onClearFilters: fn(),
    onEdit: fn(),
    onDelete: fn(),
  },
} satisfies Meta<typeof DataTypesList>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The types as a grid, each row's actions handing back its type. */
export const Types: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await expect(await canvas.findByRole('row', { name: /Age Band/ })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Edit Age Band' }));
    await expect(args.onEdit).toHaveBeenCalledWith(expect.objectContaining({ name: 'Age Band' }));
  },
};

/** On a phone the same types are cards. */
export const TypesOnAPhone: Story = {
  globals: PHONE_GLOBALS,
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('list', { name: 'Data types' })).toBeVisible();
    await expect(canvas.queryByRole('grid')).toBeNull();
  },
};

export const Loading: Story = {
  args: { all: undefined, shown: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Loading data types' })).toBeVisible();
  },
};

/** A failed load names the server's reason and offers Retry. */
export const LoadFailed: Story = {
  args: { all: undefined, shown: [], error: new Error('Database unavailable') },
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByText(DATA_TYPE_MESSAGES.loadFailed('Database unavailable'))).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

/** No types at all: the hint, and Create for those who may. */
export const NoneYet: Story = {
  args: { all: [], shown: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: DATA_TYPE_MESSAGES.noneFound })).toBeVisible();
    await expect(canvas.getByText(DATA_TYPE_MESSAGES.noneFoundHint)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Create Data Type' })).toBeVisible();
  },
};

/** Types, but none the filters let through: Clear Filters. */
export const NoneMatch: Story = {
  args: { shown: [] },
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('heading', { name: DATA_TYPE_MESSAGES.noneMatch })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Clear Filters' }));
    await expect(args.onClearFilters).toHaveBeenCalled();
  },
};

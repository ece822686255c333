import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { expectNoSidewaysScroll, PHONE_GLOBALS } from '@/lib/testing/phone';
import { DESKTOP_GLOBALS, expectCardsInFull, expectColumnsInFull } from '@/lib/testing/tables';
import { CUSTOM_ATTRIBUTES } from '../fixtures';
import { CustomAttributesTable } from './CustomAttributesTable';

const meta = {
  title: 'Outbound API/Attributes/CustomAttributesTable',
  component: CustomAttributesTable,
  args: { attributes: CUSTOM_ATTRIBUTES, canManage: true, onEdit: fn(), onDelete: fn() },
} satisfies Meta<typeof CustomAttributesTable>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Manageable: Story = {
  play: async ({ canvas, args, userEvent }) => {
    for (const header of ['Name', 'Type', 'Created', 'Actions']) await expect(await canvas.findByRole('columnheader', { name: new RegExp(`^${header}`) })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Edit is_gift' }));
    await expect(args.onEdit).toHaveBeenCalledWith(CUSTOM_ATTRIBUTES[2]);
  },
};

export const ReadOnly: Story = { args: { canManage: false } };

/** A phone: a card per attribute, Edit and Delete in reach. */
export const Phone: Story = {
  globals: PHONE_GLOBALS,
  play: async ({ canvas, canvasElement, args, userEvent }) => {
    await expectCardsInFull(canvas.getByRole('list', { name: 'Custom attributes' }), ['Name', 'Type', 'Created']);
    await expectNoSidewaysScroll(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Delete is_gift' }));
    await expect(args.onDelete).toHaveBeenCalledWith(CUSTOM_ATTRIBUTES[2]);
  },
};

/** 1440 px: names and dates in full. */
export const WideScreen: Story = {
  globals: DESKTOP_GLOBALS,
  play: async ({ canvas }) => {
    await expectColumnsInFull(canvas.getByRole('grid', { name: 'Custom attributes' }), ['name', 'type', 'createdAt']);
  },
};

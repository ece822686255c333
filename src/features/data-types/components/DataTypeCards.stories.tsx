import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { PHONE_GLOBALS } from '@/lib/testing/phone';
import { DATA_TYPE_LIST, DATA_TYPES } from '../fixtures';
import { DataTypeCards } from './DataTypeCards';

const meta = {
  title: 'Data Types/Data Type Cards',
  component: DataTypeCards,
  globals: PHONE_GLOBALS,
  args: { dataTypes: DATA_TYPE_LIST, canManage: true, isGlobalAdmin: true, onEdit: fn(), onDelete: fn() },
} satisfies Meta<typeof DataTypeCards>;
export default meta;

type Story = StoryObj<typeof meta>;

const card = (canvas: ReturnType<typeof within>, name: string) => within(canvas.getByRole('listitem', { name }));

/** The global admin: every card has its actions, which hand back the card's type. */
export const GlobalAdmin: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await expect(await canvas.findByRole('list', { name: 'Data types' })).toBeVisible();
    const ageBand = card(canvas, 'Age Band');
    await expect(ageBand.getByRole('heading', { name: 'Age Band' })).toBeVisible();
    await expect(ageBand.getByText('age_band')).toBeVisible();
    await expect(ageBand.getByText('Static')).toBeVisible();
    await expect(ageBand.getByText('Global')).toBeVisible();
    await expect(ageBand.getByText(DATA_TYPES.ageBand.description!)).toBeVisible();
    await userEvent.click(ageBand.getByRole('button', { name: 'Edit Age Band' }));
    await expect(args.onEdit).toHaveBeenCalledWith(DATA_TYPES.ageBand);
    await userEvent.click(card(canvas, 'Home Clinic').getByRole('button', { name: 'Delete Home Clinic' }));
    await expect(args.onDelete).toHaveBeenCalledWith(DATA_TYPES.clinic);
  },
};

/** Anyone else: their company's cards have actions, the global ones none. */
export const CompanyAdmin: Story = {
  args: { isGlobalAdmin: false },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Edit Loyalty Tier' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Edit Last Purchase Date' })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Delete Age Band' })).not.toBeInTheDocument();
  },
};

/** Without data_sources:write: no actions at all; who created each type is still shown. */
export const ReadOnly: Story = {
  args: { canManage: false, isGlobalAdmin: false },
  play: async ({ canvas }) => {
    await expect(await canvas.findAllByText('Created By')).toHaveLength(DATA_TYPE_LIST.length);
    await expect(canvas.queryByRole('button')).not.toBeInTheDocument();
  },
};

/** A long list is put on the page a screenful at a time, and all of it ends up there, by name. */
export const ManyTypes: Story = {
  args: {
    dataTypes: Array.from({ length: 30 }, (_, index) => ({
      ...DATA_TYPES.loyaltyTier,
      id: `dt-${index}`,
      name: `Field ${String(30 - index).padStart(2, '0')}`,
      dataFieldName: `a_very_long_data_field_name_that_has_to_wrap_on_a_phone_${index}`,
    })),
  },
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.queryAllByRole('listitem')).toHaveLength(30));
    const names = canvas.getAllByRole('listitem').map((item) => item.getAttribute('aria-label'));
    await expect(names[0]).toBe('Field 01');
    await expect(names[29]).toBe('Field 30');
    const page = canvas.getByRole('list').ownerDocument.documentElement;
    await expect(page.scrollWidth).toBeLessThanOrEqual(page.clientWidth);
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { expectNoSidewaysScroll, PHONE_GLOBALS } from '@/lib/testing/phone';
import { DESKTOP_GLOBALS, expectCardsInFull, expectColumnsInFull } from '@/lib/testing/tables';
import { API_KEYS } from '../fixtures';
import { KEY_LABELS } from '../labels';
import { ApiKeysTable } from './ApiKeysTable';

const meta = {
  title: 'Outbound API/Keys/ApiKeysTable',
  component: ApiKeysTable,
  args: { keys: API_KEYS, canManage: true, busyIds: [], onToggleActive: fn(), onDelete: fn() },
} satisfies Meta<typeof ApiKeysTable>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Manageable: Story = {
  play: async ({ canvas, args, userEvent }) => {
    await expect(canvas.getByText(KEY_LABELS.paused)).toBeVisible();
    await expect(canvas.getByText(KEY_LABELS.never)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: `${KEY_LABELS.pause} ${API_KEYS[0].name}` }));
    await expect(args.onToggleActive).toHaveBeenCalledWith(API_KEYS[0]);
  },
};

export const ReadOnly: Story = {
  args: { canManage: false },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  },
};

/** A phone: a card per token with all seven columns (the actions as buttons), nothing cut. */
export const Phone: Story = {
  globals: PHONE_GLOBALS,
  play: async ({ canvas, canvasElement, args, userEvent }) => {
    const cards = await expectCardsInFull(canvas.getByRole('list', { name: 'API tokens' }), ['Name', 'Description', 'Permissions', 'Status', 'Created', 'Last used']);
    await expect(cards).toHaveLength(API_KEYS.length);
    await expectNoSidewaysScroll(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: `${KEY_LABELS.delete} ${API_KEYS[1].name}` }));
    await expect(args.onDelete).toHaveBeenCalledWith(API_KEYS[1]);
  },
};

/** 1440 px: the dates and names are shown in full. */
export const WideScreen: Story = {
  globals: DESKTOP_GLOBALS,
  play: async ({ canvas }) => {
    await expectColumnsInFull(canvas.getByRole('grid', { name: 'API tokens' }), ['name', 'description', 'createdAt', 'lastUsedAt', 'permissions', 'actions']);
  },
};

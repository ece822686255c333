import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { DATA_SOURCE_LABELS } from '@domain/data/sources';
import { PHONE_GLOBALS } from '@/lib/testing/phone';
import { DataSourcesHeader, PAGE_TITLE } from './DataSourcesHeader';

const meta = {
  title: 'Data Sources/Header',
  component: DataSourcesHeader,
  args: { canManage: true, onImportFile: fn(), onConnectSource: fn() },
} satisfies Meta<typeof DataSourcesHeader>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Whoever manages data: the title, what the page is for, and its two main actions. */
export const Manager: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: PAGE_TITLE })).toBeVisible();
    await expect(canvas.getByText(DATA_SOURCE_LABELS.subtitle)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: DATA_SOURCE_LABELS.importFile }));
    await expect(args.onImportFile).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole('button', { name: DATA_SOURCE_LABELS.connectSource }));
    await expect(args.onConnectSource).toHaveBeenCalledTimes(1);
  },
};

/** A reader: the title and subtitle, no actions. */
export const Reader: Story = {
  args: { canManage: false },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(DATA_SOURCE_LABELS.subtitle)).toBeVisible();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

/** At phone width the actions sit under the title. */
export const Phone: Story = {
  globals: PHONE_GLOBALS,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: DATA_SOURCE_LABELS.importFile })).toBeVisible();
  },
};

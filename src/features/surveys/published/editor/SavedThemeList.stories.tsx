import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { expectNoSidewaysScroll, PHONE_GLOBALS } from '@/lib/testing/phone';
import { SAVED_THEMES } from '../../fixtures';
import { NO_SAVED_THEMES, SavedThemeList } from './SavedThemeList';

const meta = {
  title: 'Surveys/LiveIQ/Custom Display/SavedThemeList',
  component: SavedThemeList,
  args: { themes: SAVED_THEMES, loading: false, onLoad: fn(), onDelete: fn() },
} satisfies Meta<typeof SavedThemeList>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Each theme: its font and colour, whether it has a logo, when it was saved; Load and Delete hand it on. */
export const Themes: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const list = within(canvas.getByRole('list', { name: 'Saved themes' }));
    await expect(list.getAllByRole('listitem')).toHaveLength(SAVED_THEMES.length);
    await expect(list.getByText(/^Georgia, #2e7d32, with logo · saved /)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Load Night Sale' }));
    await expect(args.onLoad).toHaveBeenCalledWith(SAVED_THEMES[1]);
    await userEvent.click(canvas.getByRole('button', { name: 'Delete Acme Green' }));
    await expect(args.onDelete).toHaveBeenCalledWith(SAVED_THEMES[0]);
  },
};

export const Loading: Story = {
  args: { themes: undefined, loading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Loading saved themes...')).toBeVisible();
  },
};

/** None saved (or the list could not be loaded): an invitation to save one. */
export const Empty: Story = {
  args: { themes: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(NO_SAVED_THEMES)).toBeVisible();
    await expect(canvas.queryByRole('list')).not.toBeInTheDocument();
  },
};

/** At phone width the name and details wrap beside Load and Delete. */
export const Phone: Story = {
  globals: PHONE_GLOBALS,
  play: async ({ canvas, canvasElement }) => {
    const name = canvas.getByText('Acme Green').getBoundingClientRect();
    const load = canvas.getByRole('button', { name: 'Load Acme Green' }).getBoundingClientRect();
    await expect(name.right).toBeLessThanOrEqual(load.left);
    await expectNoSidewaysScroll(canvasElement);
  },
};

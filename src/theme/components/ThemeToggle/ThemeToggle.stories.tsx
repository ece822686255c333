import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { THEME_ATTRIBUTE, THEME_STORAGE_KEY, type ThemeMode } from '../../mode';
import { ThemeToggle } from './ThemeToggle';

const meta = {
  title: 'Theme/ThemeToggle',
  component: ThemeToggle,
  tags: ['autodocs'],
} satisfies Meta<typeof ThemeToggle>;

export default meta;
type Story = StoryObj<typeof meta>;

const other = (mode: ThemeMode): ThemeMode => (mode === 'dark' ? 'light' : 'dark');

export const Default: Story = {
  play: async ({ canvas, globals }) => {
    const mode = globals.theme as ThemeMode;
    await expect(canvas.getByRole('button', { name: `Switch to ${other(mode)} theme` })).toBeVisible();
  },
};

/** Clicking switches the whole page (data-theme on <html>) and saves the choice. */
export const SwitchesAndSaves: Story = {
  play: async ({ canvas, userEvent, globals }) => {
    const root = document.documentElement;
    const start = globals.theme as ThemeMode;
    await expect(root.getAttribute(THEME_ATTRIBUTE)).toBe(start);

    await userEvent.click(canvas.getByRole('button', { name: `Switch to ${other(start)} theme` }));
    await waitFor(() => expect(root.getAttribute(THEME_ATTRIBUTE)).toBe(other(start)));
    await expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe(other(start));
    await expect(getComputedStyle(document.body).colorScheme).toBe(other(start));

    await userEvent.click(canvas.getByRole('button', { name: `Switch to ${start} theme` }));
    await waitFor(() => expect(root.getAttribute(THEME_ATTRIBUTE)).toBe(start));
    await expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe(start);
  },
};

export const Small: Story = {
  args: { size: 'small' },
};

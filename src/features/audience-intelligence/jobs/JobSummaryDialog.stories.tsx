import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, within } from 'storybook/test';
import { jobOf } from '../fixtures';
import { JOB_LABELS } from '../labels';
import { JobSummaryDialog } from './JobSummaryDialog';

const meta = {
  title: 'Audience Intelligence/Jobs/JobSummaryDialog',
  component: JobSummaryDialog,
  args: { job: jobOf('reclassify', 'done', 47, 47), onClose: fn() },
} satisfies Meta<typeof JobSummaryDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Counts before and after, per category, risk level and lifecycle stage. */
export const Reclassified: Story = {
  play: async ({ args, userEvent }) => {
    const dialog = within(await screen.findByRole('dialog', { name: JOB_LABELS.summaryTitle.reclassify }));
    await expect(dialog.getByText(JOB_LABELS.changed(6, 47))).toBeVisible();
    await expect(within(dialog.getByRole('table', { name: JOB_LABELS.categories })).getByRole('row', { name: /Returning 6 4 −2/ })).toBeVisible();
    await expect(within(dialog.getByRole('table', { name: JOB_LABELS.risk })).getByRole('row', { name: /High 12 15 \+3/ })).toBeVisible();
    await expect(within(dialog.getByRole('table', { name: JOB_LABELS.lifecycle })).getByRole('row', { name: /Active 15 13 −2/ })).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: JOB_LABELS.close }));
    await expect(args.onClose).toHaveBeenCalled();
  },
};

export const Failed: Story = {
  args: { job: jobOf('rebuild', 'failed', 12, 47) },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog', { name: JOB_LABELS.failed.rebuild }));
    await expect(dialog.getByText(/run it again/)).toBeVisible();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { jobOf } from '../fixtures';
import { JOB_LABELS } from '../labels';
import { JobProgress } from './JobProgress';

const meta = {
  title: 'Audience Intelligence/Jobs/JobProgress',
  component: JobProgress,
  args: { job: jobOf('reclassify', 'running', 30, 47) },
} satisfies Meta<typeof JobProgress>;
export default meta;

type Story = StoryObj<typeof meta>;

/** How far a reclassification got. */
export const Reclassifying: Story = {
  play: async ({ canvas }) => {
    const status = canvas.getByRole('status', { name: JOB_LABELS.reclassifying });
    await expect(status).toHaveTextContent(JOB_LABELS.progress(30, 47));
    await expect(canvas.getByRole('progressbar', { name: JOB_LABELS.reclassifying })).toHaveAttribute('aria-valuenow', '64');
  },
};

/** Waiting for its turn: no figure yet. */
export const QueuedRebuild: Story = {
  args: { job: jobOf('rebuild', 'queued', 0, 47) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: JOB_LABELS.rebuilding })).toHaveTextContent(JOB_LABELS.queued);
    await expect(canvas.getByRole('progressbar', { name: JOB_LABELS.rebuilding })).not.toHaveAttribute('aria-valuenow');
  },
};

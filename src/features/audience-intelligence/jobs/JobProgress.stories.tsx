import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { jobOf } from '../fixtures';
import { JOB_LABELS } from '../labels';
import { JobProgress } from './JobProgress';
import { PHONE_GLOBALS } from '@/lib/testing/phone';

const meta = {
  title: 'Audience Intelligence/Jobs/JobProgress',
  component: JobProgress,
  args: { job: jobOf('reclassify', 'running', 30, 47) },
} satisfies Meta<typeof JobProgress>;
export default meta;

type Story = StoryObj<typeof meta>;

/** How far a reclassification got: the text and the bar read the same count (records read), the bar its share. */
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

/**
 * A company of 14,365 profiles made from 146,374 records: the text counts records (not profiles),
 * and the bar is filled by that same count, 3,500 of 146,374 (2 %), never more.
 */
export const ManyRecords: Story = {
  args: { job: jobOf('reclassify', 'running', 3_500, 146_374) },
  play: async ({ canvas }) => {
    const status = canvas.getByRole('status', { name: JOB_LABELS.reclassifying });
    await expect(status).toHaveTextContent('3,500 of 146,374 records read');
    await expect(status).not.toHaveTextContent(/profiles$/);
    const bar = canvas.getByRole('progressbar', { name: JOB_LABELS.reclassifying });
    await expect(bar).toHaveAttribute('aria-valuenow', '2');
    await expect(bar).toHaveAttribute('aria-valuetext', '2%: 3,500 of 146,374 records read');
    await expect(status).toHaveTextContent(JOB_LABELS.progressNote);
  },
};

/** Every record read, the profiles being written: said so, with a bar without a figure rather than a full one. */
export const WritingProfiles: Story = {
  args: { job: jobOf('rebuild', 'running', 146_374, 146_374) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: JOB_LABELS.rebuilding })).toHaveTextContent(JOB_LABELS.writing(146_374));
    await expect(canvas.getByRole('progressbar', { name: JOB_LABELS.rebuilding })).not.toHaveAttribute('aria-valuenow');
  },
};

/** At phone width the count goes under the title. */
export const ManyRecordsOnPhone: Story = {
  ...ManyRecords,
  globals: PHONE_GLOBALS,
};

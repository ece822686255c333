import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen } from 'storybook/test';
import { ApiError } from '@/lib/apiClient';
import { jobOf } from '../fixtures';
import { JOB_LABELS } from '../labels';
import { JobStatus } from './JobStatus';
import type { AudienceJobs } from './useAudienceJobs';

/** No job under way, none failed, none just ended. */
const IDLE: AudienceJobs = {
  running: null,
  finished: null,
  dismissFinished: fn(),
  lastFailed: null,
  dismissLastFailed: fn(),
  start: fn(),
  starting: false,
  startError: null,
};

const meta = {
  title: 'Audience Intelligence/Jobs/JobStatus',
  component: JobStatus,
  args: { jobs: { ...IDLE, running: jobOf('reclassify', 'running', 30, 47) } },
} satisfies Meta<typeof JobStatus>;
export default meta;

type Story = StoryObj<typeof meta>;

/** A reclassification under way: its progress. */
export const Running: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: JOB_LABELS.reclassifying })).toHaveTextContent(JOB_LABELS.progress(30, 47));
  },
};

/** A build the server ran on its own failed: its title, reason and what the screen shows meanwhile, until dismissed. */
export const LastFailed: Story = {
  args: { jobs: { ...IDLE, lastFailed: { ...jobOf('rebuild', 'failed', 12, 47), error: 'The events source could not be read' } } },
  play: async ({ canvas, userEvent, args }) => {
    const alert = canvas.getByRole('alert');
    await expect(alert).toHaveTextContent(JOB_LABELS.failed.rebuild);
    await expect(alert).toHaveTextContent('The events source could not be read');
    await expect(alert).toHaveTextContent(JOB_LABELS.lastFailedNote);
    await userEvent.click(canvas.getByRole('button', { name: 'Close' }));
    await expect(args.jobs.dismissLastFailed).toHaveBeenCalled();
  },
};

/** A job that could not start says why. */
export const StartRefused: Story = {
  args: { jobs: { ...IDLE, startError: new ApiError('A job is already running', 409, null) } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(JOB_LABELS.startFailed);
  },
};

/** A job followed to its end: its summary. */
export const Finished: Story = {
  args: { jobs: { ...IDLE, finished: jobOf('reclassify', 'done', 47, 47) } },
  play: async () => {
    await expect(await screen.findByRole('dialog', { name: JOB_LABELS.summaryTitle.reclassify })).toBeVisible();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { NO_AUDIENCE_FILTERS } from '@domain/audience/contract';
import { AudienceActions } from './AudienceActions';
import { ACTION_LABELS, FILTER_LABELS, WRITEBACK_JOB_LABELS, WRITEBACK_LABELS } from './labels';

const meta = {
  title: 'Audience Intelligence/AudienceActions',
  component: AudienceActions,
  args: {
    filters: NO_AUDIENCE_FILTERS,
    onFiltersChange: fn(),
    canSaveView: true,
    jobRunning: false,
    starting: false,
    onSaveView: fn(),
    onReclassify: fn(),
    onShowWritebackJobs: fn(),
    onManageDestinations: fn(),
    onWriteBack: fn(),
  },
} satisfies Meta<typeof AudienceActions>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The four filters, and each action asking for its dialog or job. */
export const Ready: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('combobox', { name: new RegExp(`^${FILTER_LABELS.risk}`) })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: ACTION_LABELS.saveView }));
    await expect(args.onSaveView).toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: ACTION_LABELS.reclassify }));
    await expect(args.onReclassify).toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: WRITEBACK_JOB_LABELS.title }));
    await expect(args.onShowWritebackJobs).toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: WRITEBACK_LABELS.manageDestinations }));
    await expect(args.onManageDestinations).toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: ACTION_LABELS.writeBack }));
    await expect(args.onWriteBack).toHaveBeenCalled();
  },
};

/** Before the figures arrive nothing can be saved; while a job runs no reclassification starts. */
export const Busy: Story = {
  args: { canSaveView: false, jobRunning: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: ACTION_LABELS.saveView })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: ACTION_LABELS.reclassify })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: ACTION_LABELS.writeBack })).toBeEnabled();
  },
};

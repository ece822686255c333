import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { AUDIENCE_USERS, userDetail } from '../fixtures';
import { PROFILE_LABELS } from '../labels';
import { ProfileActivity } from './ProfileActivity';

const user = userDetail(AUDIENCE_USERS[0]);

const meta = {
  title: 'Audience Intelligence/Profile/ProfileActivity',
  component: ProfileActivity,
  args: { user },
} satisfies Meta<typeof ProfileActivity>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Recent events, predicted segments with confidence and reasons, and survey answers as attributes. */
export const Active: Story = {
  play: async ({ canvas }) => {
    const events = within(canvas.getByRole('table', { name: PROFILE_LABELS.recentEvents }));
    await expect(events.getAllByRole('row')).toHaveLength(user.events.length + 1);
    await expect(events.getByText('survey_completed')).toBeVisible();
    const segments = within(canvas.getByRole('region', { name: PROFILE_LABELS.predictedSegments }));
    await expect(segments.getByText('86%')).toBeVisible();
    await expect(segments.getByText(user.segments[0].because)).toBeVisible();
    const attributes = within(canvas.getByRole('region', { name: PROFILE_LABELS.attributes }));
    await expect(attributes.getByText('nps_score')).toBeVisible();
    await expect(attributes.getByText('9')).toBeVisible();
  },
};

export const NothingYet: Story = {
  args: { user: { ...user, events: [], segments: [], attributes: {} } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(PROFILE_LABELS.noEvents)).toBeVisible();
    await expect(canvas.getByText(PROFILE_LABELS.noSegments)).toBeVisible();
    await expect(canvas.getByText(PROFILE_LABELS.noAttributes)).toBeVisible();
  },
};

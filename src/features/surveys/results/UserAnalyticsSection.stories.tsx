import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { PHONE_GLOBALS } from '@/lib/testing/phone';
import { DESKTOP_GLOBALS, expectCardsInFull, expectTableInFull } from '@/lib/testing/tables';
import { userAnalyticsOf } from '../collectionFixtures';
import { PUBLISHED, RESPONSES } from '../fixtures';
import { HIDE_USER_ANALYTICS, LOAD_USER_ANALYTICS, MOST_ENGAGED_TITLE, NO_ENGAGED_USERS, UserAnalyticsSection } from './UserAnalyticsSection';

const analytics = userAnalyticsOf(RESPONSES[PUBLISHED.satisfaction.id]);

const meta = {
  title: 'Surveys/InsightIQ/UserAnalyticsSection',
  component: UserAnalyticsSection,
  args: { shown: false, onToggle: fn(), analytics },
  render: function Render(args) {
    const [shown, setShown] = useState(args.shown);
    return (
      <UserAnalyticsSection
        {...args}
        shown={shown}
        onToggle={() => {
          args.onToggle();
          setShown(!shown);
        }}
      />
    );
  },
} satisfies Meta<typeof UserAnalyticsSection>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Folded until asked for; then unique and returning users and the five most engaged. */
export const LoadAndHide: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.queryByText('Unique Users')).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: LOAD_USER_ANALYTICS }));
    await expect(canvas.getByText('Unique Users').nextElementSibling).toHaveTextContent(String(analytics.uniqueUsers));
    await expect(canvas.getByText('Returning Users').nextElementSibling).toHaveTextContent(String(analytics.returningUsers));
    const rows = within(canvas.getByRole('table', { name: MOST_ENGAGED_TITLE })).getAllByRole('row');
    await expect(rows).toHaveLength(analytics.userEngagement.length + 1);
    await expect(within(rows[1]).getByText(analytics.userEngagement[0].ip_address)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: HIDE_USER_ANALYTICS }));
    await expect(canvas.queryByText('Unique Users')).not.toBeInTheDocument();
  },
};

/** No addresses kept (IP storage off): nobody can be told apart. */
export const NoAddresses: Story = {
  args: { shown: true, analytics: { uniqueUsers: 0, returningUsers: 0, userEngagement: [] } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(NO_ENGAGED_USERS)).toBeVisible();
  },
};

export const Loading: Story = {
  args: { shown: true, analytics: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Loading user analytics' })).toBeVisible();
  },
};

/** IPv4 visitors are listed as IPv4 even when stored in an IPv6 spelling; "::" is never shown. */
export const Ipv4Addresses: Story = {
  args: {
    shown: true,
    analytics: {
      uniqueUsers: 3,
      returningUsers: 1,
      userEngagement: [
        { ip_address: '203.0.113.0', response_count: 4, device_types: ['desktop'], avg_completion_time: 62 },
        { ip_address: '::ffff:198.51.100.0', response_count: 1, device_types: ['mobile'], avg_completion_time: 40 },
        { ip_address: '::', response_count: 1, device_types: ['desktop'], avg_completion_time: 35 },
      ],
    },
  },
  play: async ({ canvas }) => {
    const rows = within(canvas.getByRole('table', { name: MOST_ENGAGED_TITLE })).getAllByRole('row').slice(1);
    await expect(rows.map((row) => row.querySelector('td')?.textContent)).toEqual(['203.0.113.0', '198.51.100.0', 'Unknown']);
  },
};

/** A phone: each engaged user is a card with the address, responses, devices and completion time. */
export const Phone: Story = {
  args: { shown: true },
  globals: PHONE_GLOBALS,
  play: async ({ canvas }) => {
    const cards = await expectCardsInFull(canvas.getByRole('list', { name: MOST_ENGAGED_TITLE }), ['IP address', 'Responses', 'Devices', 'Average completion']);
    await expect(cards).toHaveLength(analytics.userEngagement.length);
  },
};

/** 1440 px: every address and figure in full on one line. */
export const WideScreen: Story = {
  args: { shown: true },
  globals: DESKTOP_GLOBALS,
  play: async ({ canvas }) => {
    await expectTableInFull(canvas.getByRole('table', { name: MOST_ENGAGED_TITLE }));
  },
};

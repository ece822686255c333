import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { withSession } from '@/lib/testing/fixtures';
import { mockFetch, type MockCall } from '@/lib/testing/mockFetch';
import { expectShown } from '@/lib/testing/storyHelpers';
import { acmeCompany } from '@/lib/testing/sessions';
import { PlanUsageLine, PlanUsageSummary } from './PlanUsageLine';
import { ENTRY_USAGE } from './usageFixtures';


let calls: MockCall[] = [];

const meta = {
  title: 'Plans/PlanUsageLine',
  component: PlanUsageLine,
  decorators: [withSession('companyAdmin')],
  beforeEach: () => {
    const restore = mockFetch({ 'GET /api/plans/usage': { body: ENTRY_USAGE } });
    calls = restore.calls;
    return restore;
  },
} satisfies Meta<typeof PlanUsageLine>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The viewed company's calls this month against its plan's allowance. */
export const WithinAllowance: Story = {
  play: async ({ canvas }) => {
    await expectShown(() => canvas.getByText('This month: 12,480 of 20,000 calls'));
    await expect(canvas.getByRole('progressbar', { name: 'Share of the monthly allowance used' })).toHaveAttribute('aria-valuenow', '62');
    await expect(calls[0]?.query).toEqual({ companyFilter: acmeCompany.id });
  },
};

export const Overage: Story = {
  render: () => <PlanUsageSummary usage={{ planId: 'mid-market', month: '2026-06', calls: 81_312, allowance: 80_000, overage: 1_312 }} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByText('This month: 81,312 of 80,000 calls')).toBeVisible();
    await expect(canvas.getByText(/Overage: 1,312 calls/)).toBeVisible();
  },
};

export const Unlimited: Story = {
  render: () => <PlanUsageSummary usage={{ planId: 'enterprise', month: '2026-06', calls: 412_907, allowance: null, overage: 0 }} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByText('This month: 412,907 calls (Unlimited)')).toBeVisible();
    await expect(canvas.queryByRole('progressbar')).not.toBeInTheDocument();
  },
};

/** A global admin viewing every company sees no single company's usage. */
export const GlobalAdminViewingAll: Story = {
  decorators: [withSession('globalAdmin')],
  play: async ({ canvas }) => {
    await expect(canvas.queryByText(/^This month/)).not.toBeInTheDocument();
    await expect(calls).toHaveLength(0);
  },
};

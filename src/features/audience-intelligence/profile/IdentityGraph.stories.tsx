import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { AUDIENCE_USERS, userDetail } from '../fixtures';
import { formatCurrency, formatPercent } from '../format';
import { PROFILE_LABELS } from '../labels';
import { IdentityGraph } from './IdentityGraph';

const named = userDetail(AUDIENCE_USERS.find((user) => user.name && user.account)!);
const anonymous = userDetail(AUDIENCE_USERS.find((user) => !user.name)!);

const meta = {
  title: 'Audience Intelligence/Profile/IdentityGraph',
  component: IdentityGraph,
  args: { user: named },
} satisfies Meta<typeof IdentityGraph>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Who it is, the identifiers it is known by, the join that made it, and the join refused. */
export const Joined: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText(named.name!)).toBeVisible();
    await expect(canvas.getByText(named.account!)).toBeVisible();
    await expect(canvas.getByText(formatCurrency(named.ltv))).toBeVisible();
    await expect(canvas.getByText(formatPercent(named.dataSourceCoverage))).toBeVisible();
    const identities = within(canvas.getByRole('list', { name: PROFILE_LABELS.identities }));
    await expect(identities.getAllByRole('listitem')).toHaveLength(named.identities.length);
    await expect(identities.getByText(named.identities[0].value)).toBeVisible();
    await expect(identities.getByText((text) => text.startsWith(`${named.identities[0].source} · first seen`))).toBeVisible();
    // An identifier no record gave a time for shows its source alone.
    const untimed = named.identities.find((identity) => identity.firstSeen === null)!;
    await expect(identities.getByText(untimed.source, { exact: true })).toBeVisible();
    const merges = within(canvas.getByRole('list', { name: PROFILE_LABELS.merges }));
    await expect(merges.getByText(PROFILE_LABELS.joined)).toBeVisible();
    await expect(merges.getByText(PROFILE_LABELS.refused)).toBeVisible();
    await expect(merges.getByText(/Placeholder identifier/)).toBeVisible();
  },
};

/** Known only by an anonymous id, never joined. */
export const Anonymous: Story = {
  args: { user: { ...anonymous, merges: [] } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(PROFILE_LABELS.unnamed)).toBeVisible();
    await expect(canvas.getByText(PROFILE_LABELS.noMerges)).toBeVisible();
  },
};

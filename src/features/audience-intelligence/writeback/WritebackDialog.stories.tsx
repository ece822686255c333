import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { WRITEBACK_DATA_LABELS, WRITEBACK_DESTINATION_LABELS, WRITEBACK_SHORTCUTS } from '@domain/audience/contract';
import { WRITEBACK_MESSAGES } from '@domain/audience/writeback';
import { failure, mockFetch, type RestoreFetch } from '@/lib/testing/mockFetch';
import { ACME_ID, withAudienceSession } from '../fixtures';
import { DESTINATION_LABELS, WRITEBACK_LABELS } from '../labels';
import { writebackRoutes } from './fixtures';
import { WritebackDialog } from './WritebackDialog';

let restore: RestoreFetch;

const AUDIENCE_QUERY = { dataSource: [], lifecycle: [], risk: ['high' as const], recency: [], search: 'maya', categoryId: 'high-value' as const };

const meta = {
  title: 'Audience Intelligence/Write Back/WritebackDialog',
  component: WritebackDialog,
  decorators: [withAudienceSession()],
  args: { open: true, onClose: fn(), companyId: ACME_ID, subject: WRITEBACK_LABELS.forAudience(47), selection: { query: AUDIENCE_QUERY } },
  beforeEach: () => {
    restore = mockFetch(writebackRoutes());
    return restore;
  },
} satisfies Meta<typeof WritebackDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

const dialog = async () => within(await screen.findByRole('dialog', { name: WRITEBACK_LABELS.title }));
const posts = () => restore.calls.filter((call) => call.method === 'POST');

/** Destinations unchecked, every kind of data checked; Salesforce is the one enabled destination (Mixpanel is off). */
export const Defaults: Story = {
  play: async ({ args, userEvent }) => {
    const modal = await dialog();
    await expect(await modal.findByText('Salesforce')).toBeVisible();
    for (const label of Object.values(WRITEBACK_DESTINATION_LABELS)) await expect(modal.getByRole('checkbox', { name: label })).not.toBeChecked();
    for (const label of Object.values(WRITEBACK_DATA_LABELS)) await expect(modal.getByRole('checkbox', { name: label })).toBeChecked();
    await expect(modal.getByRole('button', { name: WRITEBACK_LABELS.configure('Analytics') })).toBeVisible();
    await expect(modal.queryByRole('button', { name: WRITEBACK_LABELS.configure('CRM') })).toBeNull();
    await expect(modal.getByText(WRITEBACK_LABELS.forAudience(47))).toBeVisible();
    const execute = modal.getByRole('button', { name: WRITEBACK_LABELS.execute });
    // A kind without an enabled destination cannot carry a writeback on its own.
    await userEvent.click(modal.getByRole('checkbox', { name: 'Analytics' }));
    await expect(execute).toBeDisabled();
    await userEvent.click(modal.getByRole('checkbox', { name: 'CRM' }));
    await expect(execute).toBeEnabled();
    // Nor can a writeback with no data.
    for (const label of Object.values(WRITEBACK_DATA_LABELS)) await userEvent.click(modal.getByRole('checkbox', { name: label }));
    await expect(execute).toBeDisabled();
    await userEvent.click(modal.getByRole('button', { name: WRITEBACK_LABELS.cancel }));
    await expect(args.onClose).toHaveBeenCalled();
    await expect(posts()).toEqual([]);
  },
};

/** No destination at all: each kind offers Configure, which opens the destinations dialog on that kind. */
export const NoDestinationConfigure: Story = {
  beforeEach: () => {
    restore = mockFetch(writebackRoutes({ destinations: [] }));
    return restore;
  },
  play: async ({ userEvent }) => {
    const modal = await dialog();
    await expect(await modal.findAllByText(WRITEBACK_LABELS.notConfigured)).toHaveLength(4);
    await userEvent.click(modal.getByRole('checkbox', { name: 'Email Platform' }));
    await expect(modal.getByRole('button', { name: WRITEBACK_LABELS.execute })).toBeDisabled();
    await userEvent.click(modal.getByRole('button', { name: WRITEBACK_LABELS.configure('Email Platform') }));
    const destinations = within(await screen.findByRole('dialog', { name: DESTINATION_LABELS.title }));
    await expect(await destinations.findByText(DESTINATION_LABELS.empty)).toBeVisible();
    await expect(destinations.getByRole('combobox', { name: DESTINATION_LABELS.kind })).toHaveTextContent('Email Platform');
  },
};

/** The page's audience goes to the CRM: the request names the query, and the dialog then shows the queued job. */
export const ExecuteQueuesJob: Story = {
  play: async ({ userEvent }) => {
    const modal = await dialog();
    await modal.findByText('Salesforce');
    await userEvent.click(modal.getByRole('checkbox', { name: 'CRM' }));
    await userEvent.click(modal.getByRole('checkbox', { name: 'Events' }));
    await userEvent.click(modal.getByRole('button', { name: WRITEBACK_LABELS.execute }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    await expect(posts()[0]).toMatchObject({
      path: '/api/audience-intelligence/writeback',
      body: { query: AUDIENCE_QUERY, destinations: ['crm'], data: ['profile', 'segments', 'predictions'], companyId: ACME_ID },
    });
    await expect(posts()[0].body).not.toHaveProperty('profileIds');
    // The fixture's server counts no profiles for a query: the notice quotes its count, not a guess.
    await expect(await modal.findByText(WRITEBACK_LABELS.queued(0))).toBeVisible();
    await expect(modal.getByText('Queued')).toBeVisible();
    const delivery = within(modal.getByRole('region', { name: WRITEBACK_LABELS.deliveryProgress('Salesforce') }));
    await expect(delivery.getByText('Pending')).toBeVisible();
    await expect(delivery.getByText('0 of 1 batch delivered · 0 attempts')).toBeVisible();
    await expect(modal.queryByText('Delivered')).toBeNull();
    await expect(modal.queryByRole('button', { name: WRITEBACK_LABELS.execute })).toBeNull();
    await waitFor(() => expect(restore.calls.some((call) => call.method === 'GET' && call.path === '/api/audience-intelligence/writeback/jobs/job-new-4')).toBe(true));
  },
};

/** A profile's Push to CRM: the request names that one profile. */
export const ProfilePushToCrm: Story = {
  args: {
    subject: WRITEBACK_LABELS.forUser('Maya Patel'),
    selection: { profileIds: ['7d7e8f90-1a2b-4c3d-8e4f-000000000001'] },
    preset: { destinations: [WRITEBACK_SHORTCUTS.pushToCrm.destination], data: [...WRITEBACK_SHORTCUTS.pushToCrm.data] },
  },
  play: async ({ userEvent }) => {
    const modal = await dialog();
    await expect(modal.getByRole('checkbox', { name: 'CRM' })).toBeChecked();
    await expect(modal.getByRole('checkbox', { name: 'Analytics' })).not.toBeChecked();
    await modal.findByText('Salesforce');
    await userEvent.click(modal.getByRole('button', { name: WRITEBACK_LABELS.execute }));
    await expect(await modal.findByText(WRITEBACK_LABELS.queued(1))).toBeVisible();
    await expect(posts()[0].body).toEqual({
      profileIds: ['7d7e8f90-1a2b-4c3d-8e4f-000000000001'],
      destinations: ['crm'],
      data: ['profile', 'segments', 'events', 'predictions'],
      companyId: ACME_ID,
    });
  },
};

/** The destination went away meanwhile: the server's 409 opens the destinations dialog. */
export const NotConfiguredOpensDestinations: Story = {
  beforeEach: () => {
    restore = mockFetch(writebackRoutes({ startAnswer: failure('destination_not_configured', { error: WRITEBACK_MESSAGES.notConfigured('crm') }) }));
    return restore;
  },
  play: async ({ userEvent }) => {
    const modal = await dialog();
    await modal.findByText('Salesforce');
    await userEvent.click(modal.getByRole('checkbox', { name: 'CRM' }));
    await userEvent.click(modal.getByRole('button', { name: WRITEBACK_LABELS.execute }));
    const destinations = within(await screen.findByRole('dialog', { name: DESTINATION_LABELS.title }));
    await expect(destinations.getByRole('combobox', { name: DESTINATION_LABELS.kind })).toHaveTextContent('CRM');
    await expect(modal.getByText(`${WRITEBACK_LABELS.startFailed}: ${WRITEBACK_MESSAGES.notConfigured('crm')}`)).toBeInTheDocument();
  },
};

/** Any other refusal is shown with the server's reason, and the choices stay for another try. */
export const ServerRefuses: Story = {
  beforeEach: () => {
    restore = mockFetch(writebackRoutes({ startAnswer: failure('validation_failed', { error: WRITEBACK_MESSAGES.tooManyProfiles(12_000) }) }));
    return restore;
  },
  play: async ({ userEvent }) => {
    const modal = await dialog();
    await modal.findByText('Salesforce');
    await userEvent.click(modal.getByRole('checkbox', { name: 'CRM' }));
    await userEvent.click(modal.getByRole('button', { name: WRITEBACK_LABELS.execute }));
    await expect(await modal.findByText(`${WRITEBACK_LABELS.startFailed}: ${WRITEBACK_MESSAGES.tooManyProfiles(12_000)}`)).toBeVisible();
    await expect(modal.getByRole('checkbox', { name: 'CRM' })).toBeChecked();
    await expect(screen.queryByRole('dialog', { name: DESTINATION_LABELS.title })).toBeNull();
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { adminApiRoutes, sampleFile, SESSIONS, withSession } from '@/lib/testing/fixtures';
import { failure, mockFetch, type MockCall } from '@/lib/testing/mockFetch';
import { acmeCompany, globexCompany } from '@/lib/testing/sessions';
import { expectShown } from '@/lib/testing/storyHelpers';
import CompanyProfileModal from './CompanyProfileModal';

const meta = {
  title: 'Administration/Company Profile',
  component: CompanyProfileModal,
  decorators: [withSession('companyAdmin')],
  beforeEach: () => mockFetch(adminApiRoutes({ session: SESSIONS.companyAdmin })),
  args: { open: true, onClose: fn() },
} satisfies Meta<typeof CompanyProfileModal>;
export default meta;

type Story = StoryObj<typeof meta>;

const dialog = async () => within(await screen.findByRole('dialog', { name: 'Company Profile' }));

export const CompanyAdmin: Story = {
  play: async () => {
    const modal = await dialog();
    await expect(modal.getByLabelText(/^Company Name/)).toHaveValue('Acme Retail');
    await expect(modal.getByRole('combobox', { name: 'Company Size' })).toHaveTextContent('201-500 employees');
    await expect(modal.getByLabelText('Website')).toHaveAttribute('type', 'url');
  },
};

/** Save is disabled while the name or the domain is empty. */
export const NameAndDomainRequired: Story = {
  play: async ({ userEvent }) => {
    const modal = await dialog();
    const save = modal.getByRole('button', { name: 'Save' });
    await expect(save).toBeEnabled();
    await userEvent.clear(modal.getByLabelText(/^Domain/));
    await expect(save).toBeDisabled();
    await userEvent.type(modal.getByLabelText(/^Domain/), 'acme-retail.example');
    await expect(save).toBeEnabled();
    await userEvent.clear(modal.getByLabelText(/^Company Name/));
    await expect(save).toBeDisabled();
  },
};

/** Success shows the message, then the modal closes itself after 1.5 s. */
export const Saves: Story = {
  play: async ({ args, userEvent }) => {
    const modal = await dialog();
    await userEvent.clear(modal.getByLabelText('Phone'));
    await userEvent.type(modal.getByLabelText('Phone'), '+1 415 555 0100');
    await userEvent.click(modal.getByRole('button', { name: 'Save' }));
    await expectShown(() => modal.getByText('Company profile updated successfully!'));
    await expect(args.onClose).not.toHaveBeenCalled();
    await waitFor(() => expect(args.onClose).toHaveBeenCalled(), { timeout: 3_000 });
  },
};

export const SaveFails: Story = {
  beforeEach: () =>
    mockFetch({
      ...adminApiRoutes({ session: SESSIONS.companyAdmin }),
      'PUT /api/companies/profile': failure('validation_failed', { error: 'website must be a valid URL', fields: { website: 'website must be a valid URL' } }),
    }),
  play: async ({ args, userEvent }) => {
    const modal = await dialog();
    await userEvent.click(modal.getByRole('button', { name: 'Save' }));
    await expectShown(() => modal.getByText('Failed to update company profile'));
    await expectShown(() => modal.getByText('website must be a valid URL'));
    await expect(args.onClose).not.toHaveBeenCalled();
  },
};

/** The requests the Retention story's stand-in BFF received. */
let retentionCalls: MockCall[] = [];

/** Retention periods: empty keeps the data, a period out of range is refused before sending, and the periods are saved as numbers. */
export const Retention: Story = {
  beforeEach: () => {
    const restore = mockFetch(adminApiRoutes({ session: SESSIONS.companyAdmin }));
    retentionCalls = restore.calls;
    return restore;
  },
  play: async ({ userEvent }) => {
    const modal = await dialog();
    const events = modal.getByLabelText('Raw events (days)');
    await expect(events).toHaveValue(null);
    await expect(modal.getByLabelText('Prediction call log (days)')).toHaveValue(null);
    await userEvent.type(events, '0');
    await userEvent.click(modal.getByRole('button', { name: 'Save' }));
    await expectShown(() => modal.getByText(/Raw events retention must be a whole number of days from 1 to 3650/));
    await expect(retentionCalls.some((call) => call.method === 'PUT')).toBe(false);

    await userEvent.clear(events);
    await userEvent.type(events, '90');
    await userEvent.type(modal.getByLabelText('Survey responses (days)'), '365');
    await userEvent.click(modal.getByRole('button', { name: 'Save' }));
    await expectShown(() => modal.getByText('Company profile updated successfully!'));
    const saved = retentionCalls.find((call) => call.method === 'PUT' && call.path === '/api/companies/profile');
    await expect((saved?.body as { retention?: unknown } | undefined)?.retention).toEqual({ eventsDays: 90, callLogDays: null, responsesDays: 365 });
  },
};

export const LogoTooLarge: Story = {
  play: async ({ userEvent }) => {
    const modal = await dialog();
    await userEvent.upload(modal.getByLabelText('Upload company logo'), sampleFile('brand.png', 'image/png', 5 * 1024 * 1024 + 1));
    await expectShown(() => modal.getByText('Image file must be smaller than 5MB'));
  },
};

/** A global admin edits the company chosen in the company filter. */
export const GlobalAdminFilteredCompany: Story = {
  decorators: [withSession('globalAdmin', globexCompany.id)],
  beforeEach: () => mockFetch(adminApiRoutes({ session: SESSIONS.globalAdmin })),
  play: async () => {
    const modal = await dialog();
    await waitFor(() => expect(modal.getByLabelText(/^Company Name/)).toHaveValue('Globex Health'));
    await expect(modal.getByRole('combobox', { name: 'Company Size' })).toHaveTextContent('51-200 employees');
  },
};

export const Loading: Story = {
  decorators: [withSession('globalAdmin', acmeCompany.id)],
  beforeEach: () => mockFetch({ [`GET /api/companies/${acmeCompany.id}`]: { delayMs: Infinity } }),
};

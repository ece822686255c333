import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { adminApiRoutes, withSession } from '@/lib/testing/fixtures';
import { failure, mockFetch } from '@/lib/testing/mockFetch';
import { expectNoSidewaysScroll, PHONE_GLOBALS } from '@/lib/testing/phone';
import { DESKTOP_GLOBALS, expectCardsInFull, expectColumnsInFull } from '@/lib/testing/tables';
import { expectShown } from '@/lib/testing/storyHelpers';
import CompanyManagementModal from './CompanyManagementModal';

const meta = {
  title: 'Administration/Company Management',
  component: CompanyManagementModal,
  decorators: [withSession('globalAdmin')],
  beforeEach: () => mockFetch(adminApiRoutes()),
  args: { open: true, onClose: fn() },
} satisfies Meta<typeof CompanyManagementModal>;
export default meta;

type Story = StoryObj<typeof meta>;

const dialog = async () => within(await screen.findByRole('dialog', { name: 'Company Management' }));

export const List: Story = {
  play: async () => {
    const modal = await dialog();
    await expect(await modal.findByRole('row', { name: /Globex Health/ })).toHaveTextContent('globex.example');
    await expect(modal.getByRole('row', { name: /Initech/ })).toHaveTextContent('Suspended');
  },
};

export const AddCompany: Story = {
  play: async ({ userEvent }) => {
    const modal = await dialog();
    await userEvent.click(modal.getByRole('button', { name: 'Add Company' }));
    const form = within(await modal.findByRole('form', { name: 'Add a company' }));
    await expect(form.getByRole('button', { name: 'Add Company' })).toBeDisabled();
    await userEvent.type(form.getByLabelText(/^Company Name/), 'Umbrella Labs');
    await userEvent.type(form.getByLabelText(/^Domain/), 'umbrella.example');
    await userEvent.click(form.getByRole('combobox', { name: 'Industry' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Healthcare' }));
    await userEvent.click(form.getByRole('button', { name: 'Add Company' }));
    await expectShown(() => screen.getByText('Company Umbrella Labs created successfully'));
    await expect(await modal.findByRole('row', { name: /Umbrella Labs/ })).toHaveTextContent('Active');
  },
};

export const EditCompany: Story = {
  play: async ({ userEvent }) => {
    const modal = await dialog();
    await userEvent.click(await modal.findByRole('button', { name: 'Edit Initech' }));
    const form = within(await modal.findByRole('form', { name: 'Edit Initech' }));
    await userEvent.click(form.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Active' }));
    await userEvent.click(form.getByRole('button', { name: 'Save Changes' }));
    await expectShown(() => screen.getByText('Company Initech updated successfully'));
    await waitFor(async () => expect(await modal.findByRole('row', { name: /Initech/ })).toHaveTextContent('Active'));
  },
};

export const DeleteCompany: Story = {
  play: async ({ userEvent }) => {
    const modal = await dialog();
    await userEvent.click(await modal.findByRole('button', { name: 'Delete Initech' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete Company' }));
    await expectShown(() => confirm.getByText(/This action cannot be undone\./));
    await userEvent.click(confirm.getByRole('button', { name: 'Delete' }));
    await expectShown(() => screen.getByText('Company Initech deleted successfully'));
    await waitFor(() => expect(modal.queryByRole('row', { name: /Initech/ })).not.toBeInTheDocument());
  },
};

export const CreateFails: Story = {
  beforeEach: () => mockFetch({ ...adminApiRoutes(), 'POST /api/companies': failure('already_exists', { error: 'A company with this domain already exists' }) }),
  play: async ({ userEvent }) => {
    const modal = await dialog();
    await userEvent.click(modal.getByRole('button', { name: 'Add Company' }));
    await userEvent.type(await modal.findByLabelText(/^Company Name/), 'Acme Again');
    await userEvent.type(modal.getByLabelText(/^Domain/), 'acme.example');
    await userEvent.click(within(modal.getByRole('form')).getByRole('button', { name: 'Add Company' }));
    await expectShown(() => modal.getByText('Failed to create company'));
    await expectShown(() => modal.getByText('A company with this domain already exists'));
  },
};

export const DeleteFails: Story = {
  beforeEach: () => mockFetch({ ...adminApiRoutes(), 'DELETE /api/companies/c-initech': failure('request_failed', { error: 'The company still has users' }) }),
  play: async ({ userEvent }) => {
    const modal = await dialog();
    await userEvent.click(await modal.findByRole('button', { name: 'Delete Initech' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await expectShown(() => screen.getByText('Failed to delete company'));
  },
};

export const Empty: Story = {
  beforeEach: () => mockFetch(adminApiRoutes({ companies: [] })),
  play: async () => {
    await expect(await (await dialog()).findByText('No companies found.')).toBeVisible();
  },
};

/** A phone: each company is a card with every column, Edit and Delete in reach. */
export const Phone: Story = {
  globals: PHONE_GLOBALS,
  play: async ({ canvasElement }) => {
    const modal = await dialog();
    const cards = await expectCardsInFull(await modal.findByRole('list', { name: 'Companies' }), ['Name', 'Domain', 'Industry', 'Status', 'Created']);
    const initech = cards.find((card) => card.getAttribute('aria-label') === 'Initech')!;
    await expect(within(initech).getByRole('button', { name: 'Delete Initech' })).toBeVisible();
    await expectNoSidewaysScroll(canvasElement);
  },
};

/** 1440 px: names, domains and creation dates in full. */
export const WideScreen: Story = {
  globals: DESKTOP_GLOBALS,
  play: async () => {
    const modal = await dialog();
    await modal.findByRole('row', { name: /Globex Health/ });
    await expectColumnsInFull(modal.getByRole('grid', { name: 'Companies' }), ['name', 'domain', 'createdAt', 'status', 'actions']);
  },
};

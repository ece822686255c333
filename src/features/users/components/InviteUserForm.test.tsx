import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminApiRoutes, COMPANY_LIST, SAMPLE_INVITATION_LINK, SESSIONS } from '@/lib/testing/fixtures';
import { failure, mockFetch, type RestoreFetch } from '@/lib/testing/mockFetch';
import { renderSignedIn } from '@/lib/testing/renderSignedIn';
import { acmeCompany, navoutCompany } from '@/lib/testing/sessions';
import { InviteUserForm } from './InviteUserForm';

const companyAdminAssigner = { role: 'company_admin' as const, companyFilter: acmeCompany.id, viewedCompany: acmeCompany };
const globalAdminAllView = { role: 'admin' as const, companyFilter: 'all', viewedCompany: undefined };

async function roleChoices() {
  await userEvent.click(screen.getByRole('combobox', { name: 'Role' }));
  const names = within(screen.getByRole('listbox'))
    .getAllByRole('option')
    .map((option) => option.textContent);
  await userEvent.keyboard('{Escape}');
  return names;
}

describe('InviteUserForm', () => {
  let restore: RestoreFetch | undefined;
  afterEach(() => restore?.());

  it('offers a company admin User and Company Admin only, and invites into their company', async () => {
    restore = mockFetch(adminApiRoutes({ session: SESSIONS.companyAdmin }));
    const onInvited = vi.fn();
    renderSignedIn(
      <InviteUserForm assigner={companyAdminAssigner} company={{ id: acmeCompany.id }} onInvited={onInvited} onCancel={vi.fn()} />,
    );
    expect(await roleChoices()).toEqual(['User', 'Company Admin']);
    expect(screen.queryByRole('combobox', { name: /company/i })).not.toBeInTheDocument();

    await userEvent.type(screen.getByLabelText(/^Email/), 'erin@acme.example');
    await userEvent.type(screen.getByLabelText(/^Full Name/), 'Erin Fox');
    await userEvent.click(screen.getByRole('button', { name: 'Send Invitation' }));

    await waitFor(() => expect(onInvited).toHaveBeenCalled());
    expect(onInvited.mock.calls[0][0]).toMatchObject({ invitationLink: SAMPLE_INVITATION_LINK });
    expect(restore.calls.find((call) => call.method === 'POST')?.body).toEqual({
      email: 'erin@acme.example',
      name: 'Erin Fox',
      role: 'user',
      companyId: acmeCompany.id,
    });
  });

  it('makes a global admin viewing all companies choose the company', async () => {
    restore = mockFetch(adminApiRoutes());
    const onInvited = vi.fn();
    renderSignedIn(
      <InviteUserForm assigner={globalAdminAllView} company={{ choices: COMPANY_LIST }} onInvited={onInvited} onCancel={vi.fn()} />,
      { session: SESSIONS.globalAdmin },
    );
    expect(await roleChoices()).toEqual(['User', 'Company Admin', 'Global Admin']);

    await userEvent.type(screen.getByLabelText(/^Email/), 'gus@navout.example');
    await userEvent.type(screen.getByLabelText(/^Full Name/), 'Gus Grant');
    await userEvent.click(screen.getByRole('button', { name: 'Send Invitation' }));
    expect(await screen.findByText('Company is required')).toBeInTheDocument();
    expect(onInvited).not.toHaveBeenCalled();

    // Choosing Global Admin proposes the internal company.
    await userEvent.click(screen.getByRole('combobox', { name: 'Role' }));
    await userEvent.click(screen.getByRole('option', { name: 'Global Admin' }));
    expect(screen.getByRole('combobox', { name: /^Company/ })).toHaveTextContent(navoutCompany.name);
    await userEvent.click(screen.getByRole('button', { name: 'Send Invitation' }));
    await waitFor(() => expect(onInvited).toHaveBeenCalled());
    expect(restore.calls.find((call) => call.method === 'POST')?.body).toMatchObject({ role: 'admin', companyId: navoutCompany.id });
  });

  it('shows "Failed to send invitation" with the server reason', async () => {
    restore = mockFetch({ 'POST /api/users/invite': failure('email_taken') });
    renderSignedIn(
      <InviteUserForm assigner={companyAdminAssigner} company={{ id: acmeCompany.id }} onInvited={vi.fn()} onCancel={vi.fn()} />,
    );
    await userEvent.type(screen.getByLabelText(/^Email/), 'bob@acme.example');
    await userEvent.type(screen.getByLabelText(/^Full Name/), 'Bob Chen');
    await userEvent.click(screen.getByRole('button', { name: 'Send Invitation' }));
    expect(await screen.findByText('Failed to send invitation')).toBeInTheDocument();
    expect(screen.getByText('Email already exists')).toBeInTheDocument();
  });
});

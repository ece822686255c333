import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { USERS } from '@/lib/testing/fixtures';
import { failure, mockFetch, type RestoreFetch } from '@/lib/testing/mockFetch';
import { renderSignedIn } from '@/lib/testing/renderSignedIn';
import { ResetPasswordDialog } from './ResetPasswordDialog';

describe('ResetPasswordDialog', () => {
  let restore: RestoreFetch | undefined;
  afterEach(() => restore?.());

  it('keeps the button disabled until the password has 8 characters', async () => {
    restore = mockFetch({ 'POST /api/users/u-bob/reset-password': { status: 204 } });
    const onClose = vi.fn();
    renderSignedIn(<ResetPasswordDialog user={USERS.bob} open onClose={onClose} />);
    const button = screen.getByRole('button', { name: 'Reset Password' });
    expect(button).toBeDisabled();

    await userEvent.type(screen.getByLabelText(/^New Password/), 'Short-1');
    expect(await screen.findByText('Password must be at least 8 characters long')).toBeInTheDocument();
    expect(button).toBeDisabled();

    await userEvent.type(screen.getByLabelText(/^New Password/), '8');
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(restore.calls[0]).toMatchObject({ path: '/api/users/u-bob/reset-password', body: { newPassword: 'Short-18' } });
  });

  it('stays open and says "Failed to reset password" when the server refuses', async () => {
    restore = mockFetch({ 'POST /api/users/u-bob/reset-password': failure('access_denied') });
    const onClose = vi.fn();
    renderSignedIn(<ResetPasswordDialog user={USERS.bob} open onClose={onClose} />);
    await userEvent.type(screen.getByLabelText(/^New Password/), 'Long-enough-1');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Failed to reset password')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { KEY_MESSAGES } from '@domain/prediction/keySchemas';
import { renderSignedIn } from '@/lib/testing/renderSignedIn';
import { KEY_LABELS } from '../labels';
import { CreateApiKeyDialog } from './CreateApiKeyDialog';

const renderDialog = () => {
  const onSubmit = vi.fn();
  renderSignedIn(<CreateApiKeyDialog open pending={false} onSubmit={onSubmit} onClose={vi.fn()} />);
  const dialog = within(screen.getByRole('dialog', { name: KEY_LABELS.create }));
  return { onSubmit, dialog, name: dialog.getByRole('textbox', { name: /^Name/ }), create: dialog.getByRole('button', { name: KEY_LABELS.create }) };
};

describe('Create API Token', { timeout: 30_000 }, () => {
  it('needs a name that is not blank once trimmed', async () => {
    const { onSubmit, name, create } = renderDialog();
    expect(create).toBeDisabled();
    await userEvent.type(name, '    ');
    expect(create).toBeDisabled();
    await userEvent.type(name, ' Search page ');
    expect(create).toBeEnabled();
    await userEvent.click(create);
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Search page', description: '', permissions: ['read', 'write'] });
  });

  it('needs at least one permission, and keeps them in the order read, write, admin', async () => {
    const { onSubmit, dialog, name, create } = renderDialog();
    await userEvent.type(name, 'Ops');
    await userEvent.click(dialog.getByRole('checkbox', { name: /^read/ }));
    await userEvent.click(dialog.getByRole('checkbox', { name: /^write/ }));
    expect(dialog.getByText(KEY_MESSAGES.permissionRequired)).toBeInTheDocument();
    expect(create).toBeDisabled();
    await userEvent.click(dialog.getByRole('checkbox', { name: /^admin/ }));
    await userEvent.click(dialog.getByRole('checkbox', { name: /^read/ }));
    await userEvent.click(create);
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Ops', description: '', permissions: ['read', 'admin'] });
  });
});

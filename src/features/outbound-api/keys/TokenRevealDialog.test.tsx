import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '@/lib/testing/renderSignedIn';
import { AppTheme } from '@/theme';
import { stubClipboard } from '@/lib/testing/clipboard';
import { API_KEYS, SAMPLE_TOKEN } from '../fixtures';
import { KEY_LABELS, KEY_MESSAGES_SHOWN } from '../labels';
import { TokenRevealDialog } from './TokenRevealDialog';
import { tokenFileContent, tokenFileName } from './tokenFile';

const created = { key: API_KEYS[1], token: SAMPLE_TOKEN };
const renderDialog = (onClose = vi.fn()) => {
  renderSignedIn(
    <AppTheme>
      <TokenRevealDialog created={created} onClose={onClose} />
    </AppTheme>,
  );
  return onClose;
};
/** jsdom's Blob has no text(): its FileReader reads it. */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
const reveal = () => within(screen.getByRole('dialog', { name: /Your new API token/ }));

describe('the one-time token dialog', { timeout: 30_000 }, () => {
  let restoreClipboard: ReturnType<typeof stubClipboard> | undefined;
  beforeEach(() => {
    restoreClipboard = stubClipboard();
  });
  afterEach(() => restoreClipboard?.());

  it('asks before closing without copy or download, with the specification’s words', async () => {
    const onClose = renderDialog();
    await userEvent.click(reveal().getByRole('button', { name: 'Close' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Close without saving the token?' }));
    expect(confirm.getByText(KEY_MESSAGES_SHOWN.closeWithoutSaving)).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();

    await userEvent.click(confirm.getByRole('button', { name: 'Keep it open' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Close without saving the token?' })).not.toBeInTheDocument());
    expect(reveal().getByRole('textbox', { name: 'API token' })).toHaveValue(SAMPLE_TOKEN);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('asks on Escape too, and closes once the loss is confirmed', async () => {
    const onClose = renderDialog();
    await userEvent.keyboard('{Escape}');
    const confirm = within(await screen.findByRole('dialog', { name: 'Close without saving the token?' }));
    await userEvent.click(confirm.getByRole('button', { name: 'Close without saving' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('copies the token and closes without asking', async () => {
    const onClose = renderDialog();
    await userEvent.click(reveal().getByRole('button', { name: KEY_LABELS.copyToken }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(restoreClipboard?.writes).toEqual([SAMPLE_TOKEN]);
    expect(await screen.findByText(KEY_MESSAGES_SHOWN.copied)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Close without saving the token?' })).not.toBeInTheDocument();
  });

  it('downloads a JSON file with the name, token, permissions and creation time, then closes', async () => {
    const saved: Array<{ name: string; href: string }> = [];
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:token');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
    const onClose = renderDialog();
    await userEvent.click(reveal().getByRole('button', { name: KEY_LABELS.downloadJson }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(saved).toEqual([{ name: tokenFileName(API_KEYS[1].name), href: 'blob:token' }]);
    const blob = createObjectURL.mock.calls[0][0] as Blob;
    expect(JSON.parse(await textOf(blob))).toEqual(tokenFileContent(created));
    expect(tokenFileContent(created)).toEqual({ name: API_KEYS[1].name, token: SAMPLE_TOKEN, permissions: ['read', 'write'], created: API_KEYS[1].createdAt });
    click.mockRestore();
    vi.restoreAllMocks();
  });
});

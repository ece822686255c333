/** Assertions shared by LiveIQ's stories. */
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import type { MockCall } from '@/lib/testing/mockFetch';

/**
 * Waits for a notice that assistive technology can reach (not under an open dialog), then
 * dismisses it: notices show one at a time, so the next one a story waits for would otherwise
 * queue behind this one for seconds.
 */
export async function expectNotice(message: string): Promise<void> {
  const alert = await waitFor(() => {
    const found = screen.queryAllByRole('alert').find((element) => element.textContent?.includes(message));
    expect(found, `no notice "${message}" among: ${document.body.innerText.slice(0, 2000)}`).toBeDefined();
    expect(found).toBeVisible();
    return found as HTMLElement;
    // The first notice of a page downloads the snackbar.
  }, { timeout: 5_000 });
  await userEvent.click(within(alert).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByText(message)).not.toBeInTheDocument());
}

/** A step of the Custom Display editor: MUI's non-linear stepper makes its steps tabs. */
export const stepTab = (name: string) => screen.getByRole('tab', { name: new RegExp(name) });

/** The calls a story's in-memory server received with a method and a path. */
export const callsTo = (calls: readonly MockCall[], method: string, path: string | RegExp) =>
  calls.filter((call) => call.method === method && (typeof path === 'string' ? call.path === path : path.test(call.path)));


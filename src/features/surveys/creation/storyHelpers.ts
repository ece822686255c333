/** Queries for the stories of CreateIQ. */
import { expect, screen, waitFor, within } from 'storybook/test';

/** The renderer's shadow root inside a SurveyPreview region, and Testing Library queries scoped to it. */
export async function previewIn(container: HTMLElement, name = 'Survey preview') {
  const region = await within(container).findByRole('region', { name });
  const root = await waitFor(() => {
    if (!region.shadowRoot?.querySelector('.nv-root')) throw new Error('The survey is not mounted yet');
    return region.shadowRoot;
  });
  // Testing Library queries any node with querySelectorAll; a shadow root is one.
  return { region, root, view: within(root as unknown as HTMLElement) };
}

/** Waits for a notice (a snackbar, not an alert in the page) with this text. */
export async function expectNotice(text: string | RegExp): Promise<void> {
  await waitFor(
    () => {
      const notice = screen.getAllByText(text).find((element) => element.closest('.MuiSnackbar-root'));
      expect(notice).toBeVisible();
    },
    { timeout: 5_000 },
  );
}

/** Assertions shared by the stories of the administration modals, the profile and the plans. */
import { expect, waitFor } from 'storybook/test';

/**
 * Waits until an element is shown. MUI fades dialogs, menus and notices in: an element found
 * during the fade is in the page but not visible yet.
 */
export async function expectShown(find: () => HTMLElement): Promise<void> {
  await waitFor(() => expect(find()).toBeVisible());
}

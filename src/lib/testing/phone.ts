/** Stories at phone width: the Storybook viewport they run in and what they check there. */
import { expect, waitFor } from 'storybook/test';

/** The Storybook viewport (declared in .storybook/preview.tsx) of a 390 × 844 phone. */
export const PHONE_VIEWPORT = 'phone';

/** A story's `globals` for phone width: in Storybook and when its test runs. */
export const PHONE_GLOBALS = { viewport: { value: PHONE_VIEWPORT, isRotated: false } };

/**
 * The page does not scroll sideways: what is wider than the screen (a table, a chart's axis)
 * scrolls inside its own box. Waits for charts and tables to settle on the width.
 */
export async function expectNoSidewaysScroll(canvasElement: HTMLElement): Promise<void> {
  const page = canvasElement.ownerDocument.documentElement;
  await expect(canvasElement.ownerDocument.defaultView?.innerWidth).toBe(390);
  await waitFor(() => expect(page.scrollWidth).toBeLessThanOrEqual(page.clientWidth));
}

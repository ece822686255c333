import { afterEach as checkAccessibility } from '@storybook/addon-a11y/preview';
import type { Preview } from '@storybook/react-vite';

/**
 * The second theme's story tests: every story renders and passes the accessibility checks there,
 * but its play function runs once, in the first theme, because behaviour does not depend on the
 * theme (Primer checks its stories the same way).
 *
 * Storybook's runner returns right after mounting a story whose abort signal has fired, before
 * the play function and the afterEach hooks, so the accessibility check runs here, once the story
 * is mounted.
 */
export const renderAndAxeOnly: Preview = {
  beforeEach(context) {
    const mount = context.mount;
    context.mount = (async (...args: Parameters<typeof mount>) => {
      const canvas = await mount(...args);
      await checkAccessibility(context);
      context.abortSignal = AbortSignal.abort();
      return canvas;
    }) as typeof mount;
  },
};

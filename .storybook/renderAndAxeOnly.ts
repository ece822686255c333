import { afterEach as checkAccessibility } from '@storybook/addon-a11y/preview';
import type { Preview } from '@storybook/react-vite';

/** The theme every story is rendered in a second time, after its test in the first (light) theme. */
export const SECOND_THEME = 'dark';

/** The global that marks that second render (set by `.storybook/vitest.setup.ts`). */
export const SECOND_THEME_GLOBAL = 'secondThemeRender';

/**
 * The axe rules whose outcome depends on the theme: colours. Every other rule (names, roles,
 * structure, focus order) sees the same markup in both themes, and runs in the first theme after
 * the play function.
 */
const THEME_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * The second theme's render: the story mounts and passes the theme's accessibility checks, but its
 * play function runs once, in the first theme, because behaviour does not depend on the theme
 * (Primer checks its stories the same way).
 *
 * Storybook's runner returns right after mounting a story whose abort signal has fired, before
 * the play function and the afterEach hooks, so the accessibility check runs here, once the story
 * is mounted.
 */
export const renderAndAxeOnly: Preview = {
  // A test fails on violations only: axe then lists every node of a violation but only the first of
  // a passed or inconclusive rule (axe-core's documented speed-up), which keeps each story's report
  // about a sixth of the size. Storybook's own a11y panel still lists every node.
  parameters: { a11y: { options: { resultTypes: ['violations'] } } },
  beforeEach(context) {
    if (!context.globals[SECOND_THEME_GLOBAL]) return;
    const mount = context.mount;
    context.mount = (async (...args: Parameters<typeof mount>) => {
      const canvas = await mount(...args);
      const a11y = context.parameters.a11y ?? {};
      const runOnly = { type: 'rule', values: THEME_RULES };
      await checkAccessibility({ ...context, parameters: { ...context.parameters, a11y: { ...a11y, options: { ...a11y.options, runOnly } } } });
      context.abortSignal = AbortSignal.abort();
      return canvas;
    }) as typeof mount;
  },
};

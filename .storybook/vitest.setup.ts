import * as a11yAddonAnnotations from '@storybook/addon-a11y/preview';
import { setProjectAnnotations } from '@storybook/react-vite';
import { configure } from 'storybook/test';
import { inject } from 'vitest';
import * as projectAnnotations from './preview';
import { renderAndAxeOnly } from './renderAndAxeOnly';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set by the second theme's project: stories render and are checked by axe, play functions skipped. */
    storiesRenderOnly: boolean;
  }
}

// Stories run as Vitest tests with the same decorators, globals and a11y checks as in Storybook.
// The second theme's project asks for render and accessibility checks only (vitest.config.ts).
setProjectAnnotations([
  a11yAddonAnnotations,
  projectAnnotations,
  ...(inject('storiesRenderOnly') ? [renderAndAxeOnly] : []),
]);

// findBy… and waitFor give up after 1 s by default; two busy cores running both themes' stories
// beside a build can take longer than that to crop an image or settle a dialog.
configure({ asyncUtilTimeout: 5_000 });

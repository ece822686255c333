import * as a11yAddonAnnotations from '@storybook/addon-a11y/preview';
import { setProjectAnnotations } from '@storybook/react-vite';
import { configure } from 'storybook/test';
import { afterEach } from 'vitest';
import * as projectAnnotations from './preview';
import { renderAndAxeOnly, SECOND_THEME, SECOND_THEME_GLOBAL } from './renderAndAxeOnly';

// Stories run as Vitest tests with the same decorators, globals and a11y checks as in Storybook.
setProjectAnnotations([a11yAddonAnnotations, projectAnnotations, renderAndAxeOnly]);

/** The story a test of Storybook's Vitest plugin ran (it sets `context.story`), if this test ran one. */
interface StoryTestContext {
  story?: { globals: Record<string, unknown>; run: (context?: { globals: Record<string, unknown> }) => Promise<void> };
}

// Each story test renders the story in the first theme (play function and every axe rule), then, in
// the same frame, renders it again in the second theme for the colour rules. One frame per story
// file for both themes: the file's modules load once.
afterEach(async (context) => {
  const { story } = context as unknown as StoryTestContext;
  if (!story || context.task.result?.errors?.length) return;
  try {
    await story.run({ globals: { ...story.globals, theme: SECOND_THEME, [SECOND_THEME_GLOBAL]: true } });
  } catch (error) {
    if (error instanceof Error) error.message = `In the ${SECOND_THEME} theme: ${error.message}`;
    throw error;
  }
});

// findBy… and waitFor give up after 1 s by default; two busy cores running the stories beside a build
// can take longer than that to crop an image or settle a dialog.
configure({ asyncUtilTimeout: 5_000 });

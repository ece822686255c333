import * as a11yAddonAnnotations from '@storybook/addon-a11y/preview';
import { setProjectAnnotations } from '@storybook/react-vite';
import { configure } from 'storybook/test';
import * as projectAnnotations from './preview';

// Stories run as Vitest tests with the same decorators, globals and a11y checks as in Storybook.
setProjectAnnotations([a11yAddonAnnotations, projectAnnotations]);

// findBy… and waitFor give up after 1 s by default; two busy cores running both themes' stories
// beside a build can take longer than that to crop an image or settle a dialog.
configure({ asyncUtilTimeout: 5_000 });

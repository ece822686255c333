import type { StorybookConfig } from '@storybook/react-vite';
// '.js' resolves to vite.config.ts both for TypeScript and for Storybook's loader, which needs an extension.
import { mergeConfig } from 'vite';
import { aliases } from '../vite.config.js';

const config: StorybookConfig = {
  stories: [
    '../stories/**/*.mdx',
    '../stories/**/*.stories.@(ts|tsx)',
    '../src/**/*.stories.@(ts|tsx)',
    '../widget/**/*.stories.@(ts|tsx)',
  ],
  addons: ['@storybook/addon-a11y', '@storybook/addon-docs', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
  // Stories import '@/…', '@domain/…' and '@tokens/…' like the app does.
  viteFinal: (viteConfig) => mergeConfig(viteConfig, { resolve: { alias: aliases } }),
};

export default config;

import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import storybook from 'eslint-plugin-storybook';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The rooms of src/: the shared ones, each feature (by folder name), and the shell. */
const ROOMS = [
  { type: 'domain', pattern: 'src/domain' },
  { type: 'theme', pattern: 'src/theme' },
  { type: 'lib', pattern: 'src/lib' },
  { type: 'ui', pattern: 'src/ui' },
  { type: 'feature', pattern: 'src/features/*' },
  { type: 'app', pattern: 'src/app' },
];
const SHARED_ROOMS = ['domain', 'theme', 'lib', 'ui'];
const fromRoom = (type, allowed) => ({ from: { element: { type } }, allow: { to: { element: { type: allowed } } } });

export default tseslint.config(
  { ignores: ['dist', 'storybook-static', 'data', 'node_modules', 'design-tokens/build', 'test-results', 'playwright-report', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    // The domain is shared by the dashboard, the BFF and the widget: no framework or platform APIs.
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['react', 'react-dom', '@mui/*', 'koa', '@koa/*', 'node:*', '@mikro-orm/*'] },
      ],
    },
  },
  {
    // Rooms point inward (README, "Rooms"): a feature uses the shared rooms and its own files, never
    // the shell nor another feature; ui/ and lib/ know no feature; the shell reaches a feature only
    // through its index. Imports are resolved (aliases included) before they are judged.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { project: './tsconfig.json' } },
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      'boundaries/elements': ROOMS.map((room) => ({ ...room, partialMatch: false })),
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message: 'A {{ from.type }} may not import {{ to.type }}/{{ to.fileInternalPath }}: rooms point inward (README, "Rooms").',
          policies: [
            fromRoom('domain', ['domain']),
            fromRoom('theme', ['domain', 'lib', 'theme']),
            fromRoom('lib', SHARED_ROOMS),
            fromRoom('ui', SHARED_ROOMS),
            fromRoom('feature', SHARED_ROOMS),
            fromRoom('app', [...SHARED_ROOMS, 'app']),
            { from: { element: { type: 'app' } }, allow: { to: { element: { type: 'feature', fileInternalPath: 'index.ts' } } } },
          ],
        },
      ],
    },
  },
  ...storybook.configs['flat/recommended'],
);

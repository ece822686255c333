import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import storybook from 'eslint-plugin-storybook';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The rooms of src/: the shared ones, each feature (by folder name), and the shell; and widget/,
 * the embeddable survey, which the dashboard's previews reuse.
 */
const ROOMS = [
  { type: 'domain', pattern: 'src/domain' },
  { type: 'theme', pattern: 'src/theme' },
  { type: 'lib', pattern: 'src/lib' },
  { type: 'ui', pattern: 'src/ui' },
  { type: 'feature', pattern: 'src/features/*' },
  { type: 'app', pattern: 'src/app' },
  { type: 'widget', pattern: 'widget' },
];
const SHARED_ROOMS = ['domain', 'theme', 'lib', 'ui'];
const fromRoom = (type, allowed) => ({ from: { element: { type } }, allow: { to: { element: { type: allowed } } } });

/**
 * The rooms of bff/ (docs/architecture.md, "Rooms in the BFF"): platform/ (what every module may
 * use and none owns), the entities, the middleware, each module (by folder name), the migrations
 * and the seeders; and the files at bff/'s top: the kernel every room may use (config, logger,
 * types, db, routing, the ORM's set-up) and the entry points that assemble the modules (app,
 * server, worker, seed-demo).
 */
const BFF_ROOMS = [
  { type: 'bff-platform', pattern: 'bff/platform' },
  { type: 'bff-entities', pattern: 'bff/entities' },
  { type: 'bff-middleware', pattern: 'bff/middleware' },
  { type: 'bff-module', pattern: 'bff/modules/*', capture: ['module'] },
  { type: 'bff-migrations', pattern: 'bff/migrations' },
  { type: 'bff-seeders', pattern: 'bff/seeders' },
  { type: 'domain', pattern: 'src/domain' },
  // Last: only the files at bff/'s top are left to it.
  { type: 'bff-kernel', pattern: 'bff' },
];
/** The entry points: the only kernel files that assemble modules. */
const BFF_ENTRIES = ['app.ts', 'runtime.ts', 'server.ts', 'worker.ts', 'seed-demo.ts'];
/**
 * The composition root: the files that open the database, build the runtime (whose fork() gives a
 * background job its own EntityManager) and open each request's scope, and the start-up checks and
 * demo seeding that run before any request. Only they touch `orm.em`.
 */
const ORM_ROOTS = ['bff/db.ts', 'bff/runtime.ts', 'bff/server.ts', 'bff/seed-demo.ts', 'bff/middleware/requestContext.ts'];
const ORM_EM_MESSAGE =
  'Reach the database through the EntityManager you are handed: a route passes ctx.state.em to the services it calls, a background job uses the fork the runtime gives it (runtime.fork()). orm.em belongs to the composition root only (docs/architecture.md, "The way to the database").';

/** The kernel files a room may use, by name (bff/<name>.ts). */
const kernel = (...files) => ({ type: 'bff-kernel', fileInternalPath: files.map((file) => `${file}.ts`) });
/** A module's index.ts, its public face: the only file of it that another room may import. */
const MODULE_FACES = [{ type: 'bff-module', fileInternalPath: 'index.ts' }];
const fromBffRoom = (type, allowed) => ({ from: { element: { type } }, allow: { to: { element: allowed } } });

export default tseslint.config(
  { ignores: ['dist', 'dist-server', 'storybook-static', 'data', 'node_modules', 'design-tokens/build', 'test-results', 'playwright-report', 'coverage'] },
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
    // Rooms point inward (docs/architecture.md, "Rooms in the dashboard"): a feature uses the
    // shared rooms and its own files, never the shell nor another feature; ui/ and lib/ know no
    // feature; the shell reaches a feature only through its index. Imports are resolved (aliases
    // included) before they are judged.
    files: ['src/**/*.{ts,tsx}', 'widget/**/*.{ts,tsx}'],
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
          message: 'A {{ from.type }} may not import {{ to.type }}/{{ to.fileInternalPath }}: rooms point inward (docs/architecture.md, "Rooms in the dashboard").',
          policies: [
            fromRoom('domain', ['domain']),
            fromRoom('theme', ['domain', 'lib', 'theme']),
            fromRoom('lib', SHARED_ROOMS),
            fromRoom('ui', SHARED_ROOMS),
            // A feature may show the survey renderer (the previews mount widget/renderer).
            fromRoom('feature', [...SHARED_ROOMS, 'widget']),
            // The widget runs on customers' sites: the survey rules and itself, nothing of the dashboard.
            fromRoom('widget', ['domain', 'widget']),
            fromRoom('app', [...SHARED_ROOMS, 'app']),
            { from: { element: { type: 'app' } }, allow: { to: { element: { type: 'feature', fileInternalPath: 'index.ts' } } } },
          ],
        },
      ],
    },
  },
  {
    // bff/ points inward too (docs/architecture.md, "Rooms in the BFF"): platform/, entities/ and
    // middleware/ import no module; a module uses them, the kernel's shared files, src/domain and
    // its own files, and reaches another module only through that module's index.ts; the entry
    // points and the seeders reach modules only through their index as well. (tests/bff may reach
    // into a module's files.)
    files: ['bff/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { project: './tsconfig.json' } },
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      'boundaries/elements': BFF_ROOMS.map((room) => ({ ...room, partialMatch: false })),
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message:
            'A {{ from.type }} may not import {{ to.type }}/{{ to.fileInternalPath }}: bff/ rooms point inward, and a module is reached only through its index.ts (docs/architecture.md, "Rooms in the BFF").',
          policies: [
            fromBffRoom('bff-entities', [{ type: ['bff-entities', 'domain'] }]),
            fromBffRoom('bff-platform', [{ type: ['bff-platform', 'bff-entities', 'domain'] }, kernel('config', 'logger', 'types')]),
            fromBffRoom('bff-middleware', [{ type: ['bff-middleware', 'bff-platform', 'bff-entities', 'domain'] }, kernel('config', 'logger', 'types', 'db')]),
            fromBffRoom('bff-module', [
              { type: ['bff-platform', 'bff-entities', 'bff-middleware', 'domain'] },
              kernel('config', 'logger', 'types', 'db', 'routing'),
              { type: 'bff-module', captured: { module: '{{ from.element.captured.module }}' } },
              ...MODULE_FACES,
            ]),
            // The responses' owner (survey_responses, the tally queue and the tallies) stands under
            // every module that starts, reads, erases or expires a response: it reaches no other module.
            {
              from: { element: { type: 'bff-module', captured: { module: 'responses' } } },
              disallow: { to: { element: { type: 'bff-module', captured: { module: '!responses' } } } },
              message: 'bff/modules/responses may not import another module ({{ to.element.captured.module }}): every module that handles responses stands on it, never under it.',
            },
            fromBffRoom('bff-kernel', [{ type: ['bff-kernel', 'bff-platform', 'bff-entities', 'bff-middleware', 'bff-migrations', 'domain'] }]),
            {
              from: { element: { type: 'bff-kernel', fileInternalPath: BFF_ENTRIES } },
              allow: { to: { element: [{ type: 'bff-seeders' }, ...MODULE_FACES] } },
            },
            fromBffRoom('bff-seeders', [{ type: ['bff-seeders', 'bff-platform', 'bff-entities', 'domain'] }, kernel('config', 'types'), ...MODULE_FACES]),
            fromBffRoom('bff-migrations', [{ type: ['bff-migrations'] }]),
          ],
        },
      ],
    },
  },
  {
    // One way to the database: the request's EntityManager handed to the services, a job's own fork.
    files: ['bff/**/*.ts'],
    ignores: ['bff/**/*.test.ts', ...ORM_ROOTS],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[object.name='orm'][property.name='em']", message: ORM_EM_MESSAGE },
        { selector: "MemberExpression[object.property.name='orm'][property.name='em']", message: ORM_EM_MESSAGE },
        { selector: "VariableDeclarator[init.name='orm'] > ObjectPattern > Property[key.name='em']", message: ORM_EM_MESSAGE },
      ],
    },
  },
  {
    // The renderer is shipped with Preact: React's API only (preact/compat has it), no dashboard
    // UI, and no yup (the domain's schemas), which would weigh more than the whole widget.
    files: ['widget/renderer/**/*.{ts,tsx}'],
    ignores: ['widget/renderer/**/*.stories.tsx', 'widget/renderer/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['react-dom', 'react-dom/*', '@mui/*', '@emotion/*', 'yup', '@domain/survey/schemas', '@domain/survey/regexSafety'] },
      ],
    },
  },
  ...storybook.configs['flat/recommended'],
);

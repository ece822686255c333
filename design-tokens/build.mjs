#!/usr/bin/env node
/**
 * Turns design-tokens/tokens into design-tokens/build/tokens.ts (the MUI theme's input) and
 * design-tokens/build/tokens.css (custom properties for the embeddable widget).
 *
 * It fails, listing every problem, when the two themes define different roles, when a text or
 * chart colour misses its WCAG contrast, or when a token disappears without an entry in
 * removed.json. token-names.json records every shipped name; new names are added to it (and must be
 * committed). With CI set, an out-of-date token-names.json fails instead.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkModeParity, checkRemovedTokens, contrastRequirements } from './lib/checks.mjs';
import { MODES, cssVariableOf, isModeToken, loadMode } from './lib/load.mjs';
import { cssFile, typescriptModule } from './lib/outputs.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const paths = {
  tokens: join(here, 'tokens'),
  build: join(here, 'build'),
  removed: join(here, 'removed.json'),
  names: join(here, 'token-names.json'),
};

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

async function main() {
  const resolved = Object.fromEntries(await Promise.all(MODES.map(async (m) => [m, await loadMode(paths.tokens, m)])));
  const byMode = Object.fromEntries(MODES.map((m) => [m, resolved[m].filter(isModeToken)]));
  const shared = resolved[MODES[0]].filter((t) => !isModeToken(t));

  const { removed } = readJson(paths.removed);
  const knownNames = readJson(paths.names);
  const currentNames = [...new Set(MODES.flatMap((m) => resolved[m].map((t) => t.path)))].sort();
  const chartNames = shared.filter((t) => t.path.startsWith('chart.categorical.')).map((t) => t.path);

  const contrast = MODES.flatMap((mode) => {
    const values = new Map(resolved[mode].map((t) => [t.path, t.value]));
    return contrastRequirements((path) => values.get(path), chartNames).map((pair) => ({ mode, ...pair }));
  });

  const problems = [
    ...checkModeParity(byMode),
    ...checkRemovedTokens({
      currentNames,
      knownNames,
      removed,
      cssVariableOf,
      sourceDirs: ['src', 'widget', 'stories', '.storybook'].map((dir) => join(root, dir)),
    }),
    ...contrast
      .filter(({ ratio, minimum }) => ratio < minimum)
      .map(({ mode, fg, bg, ratio, minimum }) => `${mode}: ${fg} on ${bg} has contrast ${ratio.toFixed(2)}:1, needs ${minimum}:1`),
  ];
  if (chartNames.length !== 15) problems.push(`The chart palette must have 15 colours, it has ${chartNames.length}.`);

  const added = currentNames.filter((name) => !knownNames.includes(name));
  if (added.length > 0 && process.env.CI) {
    problems.push(`token-names.json lacks ${added.join(', ')}: run npm run tokens and commit design-tokens/token-names.json.`);
  }

  if (problems.length > 0) {
    console.error(`Design tokens: ${problems.length} problem(s)\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    process.exit(1);
  }

  if (added.length > 0) {
    const names = [...new Set([...knownNames, ...added])].sort();
    writeFileSync(paths.names, `${JSON.stringify(names, null, 2)}\n`);
    console.info(`Design tokens: recorded ${added.length} new token name(s) in design-tokens/token-names.json (commit it).`);
  }

  mkdirSync(paths.build, { recursive: true });
  writeFileSync(join(paths.build, 'tokens.ts'), typescriptModule({ shared, byMode, removed, contrast }));
  writeFileSync(join(paths.build, 'tokens.css'), cssFile({ shared, byMode }));
  console.info(`Design tokens: ${currentNames.length} tokens -> design-tokens/build/tokens.ts, tokens.css`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

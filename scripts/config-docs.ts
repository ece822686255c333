/**
 * docs/configuration.md, generated from SETTINGS in bff/config.ts (each setting's name, default and
 * description are written there once). `npm run docs:config` writes the page; with `--check` it
 * only says whether the page is current. tests/bff/config-docs.test.ts fails when it is not.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SETTINGS, type SettingDescription } from '../bff/config';

export const CONFIGURATION_PAGE = 'docs/configuration.md';
export const REGENERATE_COMMAND = 'npm run docs:config';

/**
 * Text for one table cell: a pipe is escaped everywhere (GitHub's tables split cells on a bare pipe
 * even inside a code span), and outside `code spans` whatever would become markup.
 */
export function tableCell(text: string): string {
  return text
    .split('`')
    .map((part, index) => (index % 2 === 1 ? part.replace(/\|/g, '\\|') : part.replace(/[\\|*<>]/g, (character) => ESCAPES[character] ?? character)))
    .join('`');
}

const ESCAPES: Record<string, string> = { '\\': '\\\\', '|': '\\|', '*': '\\*', '<': '&lt;', '>': '&gt;' };

function defaultCell(value: string): string {
  return value ? `\`${value}\`` : '(unset)';
}

export function configurationPage(settings: readonly SettingDescription[] = SETTINGS): string {
  const rows = settings.map((setting) => `| \`${setting.name}\` | ${defaultCell(setting.default)} | ${tableCell(setting.description)} |`);
  return [
    '<!-- Generated from SETTINGS in bff/config.ts by `npm run docs:config`: change a setting there, then run that command. -->',
    '',
    '# Configuration',
    '',
    'Every setting is an environment variable with a safe default, read once when a process starts.',
    'Set them in the environment of `npm start`, `npm run worker` or the compiled server.',
    '',
    'Several replicas sharing one database need the same `JWT_SECRET` and `CREDENTIALS_KEY`; see',
    '[Operations](operations.md) for processes, workers, PostgreSQL and Redis. The variables the',
    'tests read are in [Testing](testing.md#test-settings).',
    '',
    '| variable | default | what it sets |',
    '|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

function main(argv: readonly string[]): number {
  const path = resolve(CONFIGURATION_PAGE);
  const page = configurationPage();
  if (argv.includes('--check')) {
    const current = readFileSync(path, 'utf8');
    if (current === page) return 0;
    console.error(`${CONFIGURATION_PAGE} is out of date with bff/config.ts: run \`${REGENERATE_COMMAND}\`.`);
    return 1;
  }
  writeFileSync(path, page);
  console.info(`${CONFIGURATION_PAGE}: ${SETTINGS.length} settings.`);
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = main(process.argv.slice(2));

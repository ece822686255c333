/**
 * docs/configuration.md is generated from the settings module (scripts/config-docs.ts): these
 * tests fail when a setting is added, removed or reworded without the page being generated again.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SETTINGS } from '@bff/config';
import { CONFIGURATION_PAGE, configurationPage, REGENERATE_COMMAND, tableCell } from '../../scripts/config-docs';

const page = readFileSync(new URL(`../../${CONFIGURATION_PAGE}`, import.meta.url), 'utf8');

describe('the configuration page', () => {
  it('is what the settings module generates', () => {
    expect(page, `${CONFIGURATION_PAGE} is out of date with bff/config.ts: run \`${REGENERATE_COMMAND}\``).toBe(configurationPage());
  });

  it('has one row per setting, with its default, in the settings module order', () => {
    const rows = page.split('\n').filter((line) => /^\| `[A-Z_]+` \|/.test(line));
    expect(rows.map((row) => row.split('`')[1])).toEqual(SETTINGS.map((setting) => setting.name));
    for (const [index, setting] of SETTINGS.entries()) {
      expect(rows[index], setting.name).toContain(setting.default ? `| \`${setting.default}\` |` : '| (unset) |');
    }
  });

  it('keeps a description in its own cell whatever Markdown it holds', () => {
    const generated = configurationPage([{ name: 'SAMPLE', default: '', description: 'a | b, <file>, /api/public/* and `a|b` as code' }]);
    const row = generated.split('\n').find((line) => line.startsWith('| `SAMPLE` |'));
    expect(row).toBe('| `SAMPLE` | (unset) | a \\| b, &lt;file&gt;, /api/public/\\* and `a\\|b` as code |');
    expect(tableCell('plain words')).toBe('plain words');
  });
});

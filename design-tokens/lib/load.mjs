import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import StyleDictionary from 'style-dictionary';
import { transforms } from 'style-dictionary/enums';

export const MODES = /** @type {const} */ (['light', 'dark']);
export const CSS_PREFIX = 'navout';

/**
 * A mode's file (functional/light.json, functional/dark.json) holds the roles whose value depends
 * on the theme; every other file is shared. Each mode is resolved by its own Style Dictionary run,
 * so a role can reference the base tier freely and still resolve to a different value per theme.
 */
function sourcesFor(tokensDir, mode) {
  const otherModes = new Set(MODES.filter((m) => m !== mode).map((m) => `functional/${m}.json`));
  return readdirSync(tokensDir, { recursive: true })
    .map((file) => String(file).split(sep).join('/'))
    .filter((file) => file.endsWith('.json') && !otherModes.has(file))
    .sort()
    .map((file) => join(tokensDir, file));
}

/**
 * @typedef {{
 *   path: string;
 *   segments: string[];
 *   cssVariable: string;
 *   type: string;
 *   value: unknown;
 *   description?: string;
 *   file: string;
 * }} ResolvedToken
 */

/** @returns {Promise<ResolvedToken[]>} every token of one mode, references resolved. */
export async function loadMode(tokensDir, mode) {
  const sd = new StyleDictionary({
    source: sourcesFor(tokensDir, mode),
    usesDtcg: true,
    // A broken reference or a name collision must stop the build, not print a warning.
    log: { warnings: 'error', verbosity: 'default' },
    platforms: {
      web: {
        prefix: CSS_PREFIX,
        transforms: [
          transforms.nameKebab,
          transforms.colorCss,
          transforms.shadowCssShorthand,
          transforms.fontFamilyCss,
        ],
      },
    },
  });
  const dictionary = await sd.getPlatformTokens('web');
  return dictionary.allTokens.map((token) => ({
    path: token.path.join('.'),
    segments: token.path,
    cssVariable: `--${token.name}`,
    type: token.$type ?? 'unknown',
    value: token.$value,
    description: token.$description,
    file: relative(tokensDir, token.filePath).split(sep).join('/'),
  }));
}

/** Which tokens belong to a mode file (their value differs per theme). */
export const isModeToken = (token) => MODES.some((mode) => token.file === `functional/${mode}.json`);

/** The custom property a token path gets (or got, for a removed token), named as Style Dictionary names it. */
export function cssVariableOf(path) {
  const { transform } = StyleDictionary.hooks.transforms[transforms.nameKebab];
  return `--${transform({ path: path.split('.') }, { prefix: CSS_PREFIX })}`;
}

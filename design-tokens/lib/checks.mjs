import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Every check returns a list of problems instead of throwing, so one build reports all of them.
 */

/** Both themes must define the same roles, or a component would lose a colour in one of them. */
export function checkModeParity(modeTokensByMode) {
  const [[firstMode, first], ...rest] = Object.entries(modeTokensByMode);
  const firstNames = new Set(first.map((t) => t.path));
  const problems = [];
  for (const [mode, tokens] of rest) {
    const names = new Set(tokens.map((t) => t.path));
    for (const name of firstNames) if (!names.has(name)) problems.push(`${name} is defined for ${firstMode} but not for ${mode}`);
    for (const name of names) if (!firstNames.has(name)) problems.push(`${name} is defined for ${mode} but not for ${firstMode}`);
  }
  return problems;
}

/**
 * Primer's rule: a token that shipped never disappears silently. token-names.json is the committed
 * list of every token name; a name that vanishes from the sources must be recorded in removed.json
 * (with its replacement) or the build fails. A removed name must not come back, and no source file
 * may still use the CSS variable of a removed token.
 */
export function checkRemovedTokens({ currentNames, knownNames, removed, cssVariableOf, sourceDirs }) {
  const problems = [];
  const current = new Set(currentNames);
  for (const name of knownNames) {
    if (!current.has(name) && !(name in removed)) {
      problems.push(
        `${name} was deleted. Restore it, or record it in design-tokens/removed.json with its replacement.`,
      );
    }
  }
  for (const name of Object.keys(removed)) {
    if (current.has(name)) problems.push(`${name} is listed in removed.json but is still defined.`);
  }
  const removedVariables = Object.keys(removed).map((name) => [name, cssVariableOf(name)]);
  if (removedVariables.length > 0) {
    for (const file of sourceFiles(sourceDirs)) {
      const text = readFileSync(file, 'utf8');
      for (const [name, variable] of removedVariables) {
        if (new RegExp(`${escapeRegExp(variable)}(?![\\w-])`).test(text)) {
          const replacement = removed[name].replacement ? ` (use ${removed[name].replacement})` : '';
          problems.push(`${relative(process.cwd(), file)} still uses ${variable}, the removed token ${name}${replacement}.`);
        }
      }
    }
  }
  return problems;
}

function* sourceFiles(dirs) {
  for (const dir of dirs) {
    let entries;
    try {
      entries = readdirSync(dir, { recursive: true, withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (entry.isFile() && /\.(tsx?|mjs|js|css|mdx|html)$/.test(entry.name)) {
        yield join(entry.parentPath ?? entry.path, entry.name);
      }
    }
  }
}

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function luminance(hex) {
  const match = /^#([0-9a-f]{6})([0-9a-f]{2})?$/i.exec(hex);
  if (!match) throw new Error(`Contrast check needs an opaque #rrggbb colour, got ${hex}`);
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(match[1].slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.x contrast ratio of two opaque colours. */
export function contrastRatio(a, b) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The pairs the interface actually draws, with the WCAG minimum each needs: 4.5:1 for text,
 * 3:1 for graphics such as chart series (1.4.11).
 */
export function contrastRequirements(valueOf, chartNames) {
  const surfaces = ['color.background.default', 'color.background.paper'];
  const roles = ['primary', 'secondary', 'success', 'warning', 'error', 'info'];
  const pairs = [];
  for (const surface of surfaces) {
    for (const text of ['color.text.primary', 'color.text.secondary']) pairs.push([text, surface, 4.5]);
    // Links, text buttons and helper texts draw a role's main colour as text on the page.
    for (const role of roles) pairs.push([`color.${role}.main`, surface, 4.5]);
    for (const chart of chartNames) pairs.push([chart, surface, 3]);
  }
  for (const role of roles) pairs.push([`color.${role}.contrastText`, `color.${role}.main`, 4.5]);
  for (const level of ['low', 'medium', 'high']) pairs.push([`risk.${level}.contrastText`, `risk.${level}.main`, 4.5]);
  return pairs.map(([fg, bg, minimum]) => ({ fg, bg, minimum, ratio: contrastRatio(valueOf(fg), valueOf(bg)) }));
}

/**
 * A survey's styling as the CSS custom properties styles.css reads. Pure: the values were
 * checked by the domain schemas (hex colours, plain lengths, a font from the list), so they are
 * copied as they are; only the text colour on filled buttons and the colour scheme of native
 * controls are derived, so a theme the author picked stays readable.
 */
import type { FontFamily, SurveySettings } from '@domain/survey/types';

/** Each font of the styling editor with fallbacks of the same kind. */
const FONT_STACKS: Record<FontFamily, string> = {
  Arial: 'Arial, Helvetica, sans-serif',
  Helvetica: 'Helvetica, Arial, sans-serif',
  Georgia: "Georgia, 'Times New Roman', serif",
  'Times New Roman': "'Times New Roman', Times, serif",
  Verdana: 'Verdana, Geneva, sans-serif',
  'Courier New': "'Courier New', Courier, monospace",
};

const LIGHT_TEXT = '#ffffff';
const DARK_TEXT = '#111111';

/** Relative luminance (WCAG 2) of #rgb, #rgba, #rrggbb or #rrggbbaa; alpha is ignored. */
export function luminance(hex: string): number {
  let digits = hex.replace('#', '');
  if (digits.length <= 4) digits = [...digits].map((digit) => digit + digit).join('');
  const channels = [0, 2, 4].map((at) => Number.parseInt(digits.slice(at, at + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** White when it reads well (4.5:1) on the fill, else whichever of white and near-black reads better. */
export function readableTextOn(fill: string): string {
  const white = contrast(fill, LIGHT_TEXT);
  return white >= 4.5 || white >= contrast(fill, DARK_TEXT) ? LIGHT_TEXT : DARK_TEXT;
}

export function themeVars(settings: SurveySettings): Record<string, string> {
  const { theme, layout } = settings;
  return {
    '--nv-primary': theme.primaryColor,
    '--nv-primary-text': readableTextOn(theme.primaryColor),
    '--nv-secondary': theme.secondaryColor,
    '--nv-bg': theme.backgroundColor,
    '--nv-text': theme.textColor,
    '--nv-button-bg': theme.buttonBackgroundColor,
    '--nv-button-text': readableTextOn(theme.buttonBackgroundColor),
    '--nv-font': FONT_STACKS[theme.fontFamily] ?? FONT_STACKS.Arial,
    '--nv-radius': theme.borderRadius,
    '--nv-title-align': theme.titleAlignment,
    '--nv-question-align': theme.questionAlignment,
    '--nv-width': layout.width,
    '--nv-max-width': layout.maxWidth,
    '--nv-padding': layout.padding,
    // Date pickers, selects and scroll bars follow the survey's background, not the host page.
    '--nv-color-scheme': luminance(theme.backgroundColor) < 0.2 ? 'dark' : 'light',
  };
}

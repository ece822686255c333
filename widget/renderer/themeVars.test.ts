import { describe, expect, it } from 'vitest';
import { defaultSurveySettings } from '@domain/survey/defaults';
import { contrast, readableTextOn, themeVars } from './themeVars';

describe('themeVars', () => {
  it('copies the theme and layout into custom properties', () => {
    const vars = themeVars(defaultSurveySettings());
    expect(vars).toMatchObject({
      '--nv-primary': '#007bff',
      '--nv-secondary': '#6c757d',
      '--nv-bg': '#ffffff',
      '--nv-text': '#333333',
      '--nv-button-bg': '#007bff',
      '--nv-radius': '8px',
      '--nv-title-align': 'center',
      '--nv-question-align': 'left',
      '--nv-width': '100%',
      '--nv-max-width': '600px',
      '--nv-padding': '20px',
      '--nv-color-scheme': 'light',
    });
    expect(vars['--nv-font']).toBe('Arial, Helvetica, sans-serif');
  });

  it('quotes font names with spaces and gives each a fallback of its kind', () => {
    const settings = defaultSurveySettings();
    settings.theme.fontFamily = 'Times New Roman';
    expect(themeVars(settings)['--nv-font']).toBe("'Times New Roman', Times, serif");
  });

  it('picks button text that reads on the fill', () => {
    // White on the default #007bff is under 4.5:1; near-black reads better.
    expect(readableTextOn('#007bff')).toBe('#111111');
    expect(readableTextOn('#0a5e68')).toBe('#ffffff');
    expect(readableTextOn('#fc0')).toBe('#111111');
    for (const fill of ['#007bff', '#5b2bbf', '#7dd3c0', '#ff0000', '#808080']) {
      expect(contrast(fill, readableTextOn(fill))).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('makes native controls dark on a dark background', () => {
    const settings = defaultSurveySettings();
    settings.theme.backgroundColor = '#1b2433ff';
    expect(themeVars(settings)['--nv-color-scheme']).toBe('dark');
  });
});

/**
 * The chart and risk palettes alone. Charts import them from here rather than from '@/theme':
 * the index also brings the ThemeToggle and, through its tooltip, MUI's Popper, which the bundler
 * keeps in every chunk that imports the index (the toggle's module is not free of side effects).
 */
export { chartPalette, riskColors } from '@tokens/tokens';

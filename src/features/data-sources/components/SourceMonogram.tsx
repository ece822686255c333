import Box from '@mui/material/Box';
import { getContrastRatio, type Theme } from '@mui/material/styles';

/** WCAG AA for normal text. */
const MIN_TEXT_CONTRAST = 4.5;

/**
 * The monogram's text colour on a tile of `background`: white where it reaches AA, otherwise
 * black, which then always does. The tile keeps its brand colour in both themes, so the choice
 * does not depend on the theme.
 */
export function monogramTextColor(background: string, common: Theme['palette']['common']): string {
  return getContrastRatio(background, common.white) >= MIN_TEXT_CONTRAST ? common.white : common.black;
}

export interface SourceMonogramProps {
  /** A short monogram, e.g. "GA". */
  icon: string;
  /** The tile's colour (a catalogue source's brand colour). */
  color: string;
  size?: number;
}

/** A source's tile: its monogram on its colour. Decorative: the source's name is always beside it. */
export function SourceMonogram({ icon, color, size = 48 }: SourceMonogramProps) {
  return (
    <Box
      aria-hidden
      sx={(theme) => ({
        width: size,
        height: size,
        flexShrink: 0,
        display: 'grid',
        placeItems: 'center',
        borderRadius: 1,
        bgcolor: color,
        color: monogramTextColor(color, theme.palette.common),
        // Near-black tiles would vanish into the dark page without an edge.
        border: 1,
        borderColor: 'divider',
        fontWeight: 'fontWeightBold',
        fontSize: icon.length > 2 ? size * 0.28 : size * 0.36,
        letterSpacing: 0.5,
        userSelect: 'none',
      })}
    >
      {icon}
    </Box>
  );
}

import Box from '@mui/material/Box';
import { styled, type SxProps, type Theme } from '@mui/material/styles';

export const NAVOUT_TAGLINE = 'Where connected data finds its direction';

export interface LogoProps {
  /** Mark only, for the collapsed sidebar. */
  collapsed?: boolean;
  /** Height of the mark in pixels; the wordmark scales with it. */
  size?: number;
  /** Shows the tagline under the wordmark (ignored when collapsed). */
  tagline?: boolean;
  /** Accessible name of the collapsed mark. */
  title?: string;
  sx?: SxProps<Theme>;
}

/**
 * Colours come from the palette's CSS variables, so the logo follows the theme without
 * re-rendering: a deep teal tile with a light needle in light mode, a light teal tile with a dark
 * needle in dark mode.
 */
const Mark = styled('svg')(({ theme }) => ({
  flexShrink: 0,
  display: 'block',
  '& .navout-mark-tile': { fill: theme.vars.palette.primary.main },
  '& .navout-mark-needle': {
    fill: theme.vars.palette.primary.contrastText,
    stroke: theme.vars.palette.primary.contrastText,
  },
  '& .navout-mark-trail': { fill: theme.vars.palette.primary.contrastText },
}));

/** The Navout logo: a navigation needle led by a trail of data points, and the wordmark. */
export function Logo({ collapsed = false, size = 32, tagline = false, title = 'Navout', sx }: LogoProps) {
  const mark = (
    <Mark
      viewBox="0 0 40 40"
      width={size}
      height={size}
      {...(collapsed ? { role: 'img', 'aria-label': title } : { 'aria-hidden': true })}
    >
      <rect className="navout-mark-tile" width="40" height="40" rx="11" />
      <path
        className="navout-mark-needle"
        d="M30 10 10.5 18.2l8.1 3.2 3.2 8.1z"
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
      <circle className="navout-mark-trail" cx="12.6" cy="27.4" r="1.9" opacity="0.8" />
      <circle className="navout-mark-trail" cx="8.4" cy="31.6" r="1.4" opacity="0.55" />
    </Mark>
  );

  return (
    <Box sx={[{ display: 'inline-flex', alignItems: 'center', gap: size / 32 }, ...(Array.isArray(sx) ? sx : [sx])]}>
      {mark}
      {!collapsed && (
        <Box sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
          <Box
            component="span"
            sx={(theme) => ({
              fontSize: size * 0.62,
              lineHeight: 1.1,
              fontWeight: theme.typography.fontWeightBold,
              letterSpacing: '-0.02em',
              color: theme.vars.palette.text.primary,
              whiteSpace: 'nowrap',
            })}
          >
            Nav
            <Box component="span" sx={(theme) => ({ color: theme.vars.palette.primary.main })}>
              out
            </Box>
          </Box>
          {tagline && (
            <Box
              component="span"
              sx={(theme) => ({
                ...theme.typography.caption,
                color: theme.vars.palette.text.secondary,
                whiteSpace: 'nowrap',
              })}
            >
              {NAVOUT_TAGLINE}
            </Box>
          )}
        </Box>
      )}
    </Box>
  );
}

/**
 * Building blocks of the "Design tokens" docs page. Everything shown is read from the generated
 * module (@tokens/tokens), so the page cannot drift from the tokens. Light and dark values are
 * shown side by side, each on its own theme's surface, whatever the toolbar says.
 */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  baseColors,
  chartPalette,
  contrastChecks,
  modes,
  palette,
  radius,
  riskColors,
  shadows,
  spacing,
  tokenCatalogue,
  typography,
  type TokenMode,
} from '@tokens/tokens';
import { CSS_VAR_PREFIX } from '@/theme';

const modeLabel: Record<TokenMode, string> = { light: 'Light', dark: 'Dark' };

const widgetVariable = (path: string) => tokenCatalogue.find((t) => t.path === path)?.cssVariable;
const muiVariable = (rolePath: string) => `--${CSS_VAR_PREFIX}-palette-${rolePath.replaceAll('.', '-')}`;

/** A surface painted with one theme's own paper and text colours. */
function ModeSurface({ mode, children, padding = 1.5 }: { mode: TokenMode; children: ReactNode; padding?: number }) {
  return (
    <Box
      sx={{
        bgcolor: palette[mode].background.paper,
        color: palette[mode].text.primary,
        border: `1px solid ${palette[mode].divider}`,
        borderRadius: 1,
        p: padding,
      }}
    >
      {children}
    </Box>
  );
}

function Swatch({ color, size = 28 }: { color: string; size?: number }) {
  return (
    <Box
      aria-hidden
      // currentColor outlines the swatch in the surrounding text colour, so white and near-black swatches stay visible.
      sx={{ width: size, height: size, flexShrink: 0, borderRadius: 0.75, bgcolor: color, boxShadow: 'inset 0 0 0 1px currentColor' }}
    />
  );
}

const Code = ({ children }: { children: ReactNode }) => (
  <Box component="code" sx={{ fontFamily: 'monospace', fontSize: '0.8125rem', wordBreak: 'break-all' }}>
    {children}
  </Box>
);

type Leaf = [path: string, value: string];

function leaves(node: object, prefix = ''): Leaf[] {
  return Object.entries(node).flatMap(([key, value]): Leaf[] =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : leaves(value as object, `${prefix}${key}.`),
  );
}

const valueAt = (node: object, path: string): string =>
  path.split('.').reduce<unknown>((n, key) => (n as Record<string, unknown>)[key], node) as string;

function ColorCell({ mode, color }: { mode: TokenMode; color: string }) {
  return (
    <ModeSurface mode={mode} padding={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Swatch color={color} />
        <Box component="span" sx={{ color: palette[mode].text.secondary, fontSize: '0.8125rem', fontFamily: 'monospace' }}>
          {color}
        </Box>
      </Stack>
    </ModeSurface>
  );
}

/** Every colour role, light and dark, with the variable to use it by. */
export function ColorRoles() {
  const roles = leaves(palette.light);
  return (
    <Table size="small" aria-label="Colour roles">
      <TableHead>
        <TableRow>
          <TableCell>Role</TableCell>
          {modes.map((mode) => (
            <TableCell key={mode}>{modeLabel[mode]}</TableCell>
          ))}
          <TableCell>CSS variables (MUI theme / widget)</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {roles.map(([role]) => (
          <TableRow key={role}>
            <TableCell>
              <Code>palette.{role}</Code>
            </TableCell>
            {modes.map((mode) => (
              <TableCell key={mode} sx={{ minWidth: 150 }}>
                <ColorCell mode={mode} color={valueAt(palette[mode], role)} />
              </TableCell>
            ))}
            <TableCell>
              <Code>{muiVariable(role)}</Code>
              <br />
              <Code>{widgetVariable(`color.${role}`)}</Code>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Text on each brand and status colour, as buttons and chips draw it. */
export function RolePairs() {
  const roles = ['primary', 'secondary', 'success', 'warning', 'error', 'info'] as const;
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
      {modes.map((mode) => (
        <Box key={mode} sx={{ flex: 1 }}>
          <ModeSurface mode={mode}>
            <Typography variant="subtitle2" component="h3" gutterBottom>
              {modeLabel[mode]}
            </Typography>
            <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
              {roles.map((role) => (
                <Box
                  key={role}
                  sx={{
                    px: 1.5,
                    py: 0.75,
                    borderRadius: 1,
                    bgcolor: palette[mode][role].main,
                    color: palette[mode][role].contrastText,
                    fontWeight: 600,
                    fontSize: '0.875rem',
                  }}
                >
                  {role}
                </Box>
              ))}
            </Stack>
          </ModeSurface>
        </Box>
      ))}
    </Stack>
  );
}

export function TypeScale() {
  const variants = Object.keys(typography) as Array<keyof typeof typography>;
  return (
    <Stack spacing={2}>
      {variants.map((variant) => {
        const style = typography[variant];
        return (
          <Box key={variant}>
            <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
              {variant} · {style.fontSize} · weight {style.fontWeight} · line height {style.lineHeight} · letter spacing{' '}
              {style.letterSpacing}
            </Typography>
            <Typography variant={variant} component="p">
              Where connected data finds its direction
            </Typography>
          </Box>
        );
      })}
    </Stack>
  );
}

export function SpacingScale() {
  return (
    <Table size="small" aria-label="Spacing">
      <TableHead>
        <TableRow>
          <TableCell>Token</TableCell>
          <TableCell>Pixels</TableCell>
          <TableCell sx={{ width: '60%' }}>Size</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {Object.entries(spacing).map(([name, px]) => (
          <TableRow key={name}>
            <TableCell>
              <Code>spacing.{name}</Code>
            </TableCell>
            <TableCell>{px}</TableCell>
            <TableCell>
              <Box aria-hidden sx={{ width: px, height: 12, bgcolor: 'primary.main', borderRadius: 0.5 }} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function RadiusScale() {
  return (
    <Stack direction="row" useFlexGap spacing={3} sx={{ flexWrap: 'wrap' }}>
      {Object.entries(radius).map(([name, px]) => (
        <Stack key={name} spacing={1} sx={{ alignItems: 'center' }}>
          <Box aria-hidden sx={{ width: 72, height: 72, border: 2, borderColor: 'primary.main', borderRadius: `${px}px` }} />
          <Code>radius.{name}</Code>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {px}px
          </Typography>
        </Stack>
      ))}
    </Stack>
  );
}

export function ShadowScale() {
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
      {modes.map((mode) => (
        <Box key={mode} sx={{ flex: 1 }}>
          <Box sx={{ bgcolor: palette[mode].background.default, color: palette[mode].text.primary, borderRadius: 1, p: 3 }}>
            <Typography variant="subtitle2" component="h3" gutterBottom>
              {modeLabel[mode]}
            </Typography>
            <Stack direction="row" useFlexGap spacing={3} sx={{ flexWrap: 'wrap' }}>
              {Object.entries(shadows[mode]).map(([step, value]) => (
                <Box
                  key={step}
                  sx={{
                    width: 96,
                    height: 72,
                    display: 'grid',
                    placeItems: 'center',
                    borderRadius: 1,
                    bgcolor: palette[mode].background.paper,
                    boxShadow: value,
                  }}
                >
                  <Code>shadow.{step}</Code>
                </Box>
              ))}
            </Stack>
          </Box>
        </Box>
      ))}
    </Stack>
  );
}

/** The series colours in chart order, on the paper of both themes (each keeps 3:1 there). */
export function ChartPalette() {
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
      {modes.map((mode) => (
        <Box key={mode} sx={{ flex: 1 }}>
          <ModeSurface mode={mode}>
            <Typography variant="subtitle2" component="h3" gutterBottom>
              {modeLabel[mode]}
            </Typography>
            <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gridTemplateColumns: 'repeat(5, 1fr)', gap: 1.5 }}>
              {chartPalette.map((color, index) => (
                <Stack component="li" key={color} spacing={0.5} sx={{ alignItems: 'center' }}>
                  <Swatch color={color} size={36} />
                  <Box component="span" sx={{ fontSize: '0.75rem', color: palette[mode].text.secondary }}>
                    {index + 1} · {color}
                  </Box>
                </Stack>
              ))}
            </Box>
          </ModeSurface>
        </Box>
      ))}
    </Stack>
  );
}

const riskLabel = { low: 'Low risk', medium: 'Medium risk', high: 'High risk' } as const;

export function RiskColors() {
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
      {modes.map((mode) => (
        <Box key={mode} sx={{ flex: 1 }}>
          <ModeSurface mode={mode}>
            <Typography variant="subtitle2" component="h3" gutterBottom>
              {modeLabel[mode]}
            </Typography>
            <Stack direction="row" spacing={1}>
              {(Object.keys(riskLabel) as Array<keyof typeof riskLabel>).map((level) => (
                <Chip
                  key={level}
                  label={riskLabel[level]}
                  sx={{ bgcolor: riskColors[mode][level].main, color: riskColors[mode][level].contrastText }}
                />
              ))}
            </Stack>
          </ModeSurface>
        </Box>
      ))}
    </Stack>
  );
}

/** The pairs the token build holds to WCAG; a failing pair stops `npm run tokens`. */
export function ContrastChecks() {
  return (
    <Table size="small" aria-label="Contrast checks">
      <TableHead>
        <TableRow>
          <TableCell>Theme</TableCell>
          <TableCell>Foreground</TableCell>
          <TableCell>Background</TableCell>
          <TableCell align="right">Ratio</TableCell>
          <TableCell align="right">Needs</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {contrastChecks.map(({ mode, fg, bg, ratio, minimum }) => (
          <TableRow key={`${mode}-${fg}-${bg}`}>
            <TableCell>{modeLabel[mode]}</TableCell>
            <TableCell>
              <Code>{fg}</Code>
            </TableCell>
            <TableCell>
              <Code>{bg}</Code>
            </TableCell>
            <TableCell align="right">{ratio.toFixed(2)}:1</TableCell>
            <TableCell align="right">{minimum}:1</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The raw scales of the base tier. Components never use them directly. */
export function BaseScales() {
  return (
    <Stack spacing={2}>
      {Object.entries(baseColors).map(([scale, steps]) => (
        <Box key={scale}>
          <Typography variant="subtitle2" component="h3">
            {scale}
          </Typography>
          <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
            {leaves(typeof steps === 'string' ? { [scale]: steps } : steps).map(([step, color]) => (
              <Stack key={step} spacing={0.5} sx={{ alignItems: 'center', width: 72 }}>
                <Swatch color={color} size={40} />
                <Typography variant="caption" sx={{ color: 'text.secondary', textAlign: 'center' }}>
                  {step}
                  <br />
                  {color}
                </Typography>
              </Stack>
            ))}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}

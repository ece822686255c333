/**
 * Inside a chart's drawing: the period still under way marked where it is drawn, a dashed line
 * through its point (or the middle of its bar) and its note ("Today so far") beside it, kept inside
 * the plot. Drawn with the chart library's own scale and drawing area.
 */
import { useTheme } from '@mui/material/styles';
import { getValueToPositionMapper, useDrawingArea, useXScale } from '@mui/x-charts/hooks';
import { textWidth } from '@/ui/chartAxes';

export interface PartialPeriodMarkerProps {
  /** The x value (label) of the point under way. */
  x: string;
  note: string;
}

/** The note sits this far from the marker line, and from the plot's top. */
const GAP = 4;
const NOTE_FONT_SIZE = 11;

export function PartialPeriodMarker({ x, note }: PartialPeriodMarkerProps) {
  const theme = useTheme();
  const { left, top, width, height } = useDrawingArea();
  const position = getValueToPositionMapper(useXScale())(x);
  if (!Number.isFinite(position) || position < left || position > left + width) return null;
  const color = theme.vars.palette.text.secondary;
  // A halo of the paper's colour keeps the note readable over a line or bar it crosses.
  const halo = theme.vars.palette.background.paper;
  const before = position - GAP - textWidth(note, NOTE_FONT_SIZE, theme.typography.fontFamily) >= left;
  return (
    <g data-partial-marker="">
      <line x1={position} x2={position} y1={top} y2={top + height} stroke={color} strokeDasharray="3 3" strokeWidth={1} />
      {/* Left of the line (the point under way is the last, at the plot's right edge), or right of it when there is no room. */}
      <text
        x={before ? position - GAP : position + GAP}
        y={top + GAP}
        textAnchor={before ? 'end' : 'start'}
        dominantBaseline="hanging"
        fontSize={NOTE_FONT_SIZE}
        fill={color}
        fontFamily={theme.typography.fontFamily}
        stroke={halo}
        strokeWidth={3}
        paintOrder="stroke"
      >
        {note}
      </text>
    </g>
  );
}

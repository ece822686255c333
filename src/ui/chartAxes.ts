/**
 * What the charts' axes need so that no tick label is ever cut: short counts ("15K"), periods of
 * several days on two lines, and room at the chart's edges for the labels that sit on them. MUI X
 * Charts shortens a label with an ellipsis when it does not fit the room it is given ("Nov…",
 * "15,…"); the axes here are given that room instead (their sizes measured by the library with
 * `width: 'auto'` / `height: 'auto'`, the edges by these helpers).
 */

const compactFormat = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
/** A count on an axis: 950, 1.5K, 15K, 2.3M. */
export const compactCount = (value: number) => compactFormat.format(value);

/** A span of days ("Nov 16 – Nov 22") on two lines: its tick needs half the width. */
export const twoLineSpan = (label: string) => label.replace(' – ', ' –\n');

/** The font size MUI X Charts draws tick labels in unless told otherwise. */
export const TICK_FONT_SIZE = 12;
/** The margin MUI X Charts leaves around the plot and its axes. */
const DEFAULT_MARGIN = 20;
/**
 * The narrowest a y-axis of ours is drawn (its tick, gap and a one-character label, "0"): the room a
 * first tick label has on its left before it reaches the margin.
 */
const MIN_Y_AXIS_WIDTH = 24;

let canvasContext: CanvasRenderingContext2D | null | undefined;

/** How wide a line of text is drawn, in pixels: measured on a canvas, estimated where there is none. */
export function textWidth(text: string, fontSize: number = TICK_FONT_SIZE, fontFamily = 'sans-serif'): number {
  if (canvasContext === undefined) {
    canvasContext = typeof document === 'undefined' ? null : (document.createElement('canvas').getContext('2d') ?? null);
  }
  if (!canvasContext) return text.length * fontSize * 0.62;
  canvasContext.font = `${fontSize}px ${fontFamily}`;
  return canvasContext.measureText(text).width;
}

/** The canvas and the SVG text the library measures may differ by a few pixels: the room given has this to spare. */
const ROOM_FACTOR = 1.05;
const ROOM_SLACK = 4;

/**
 * The room MUI X Charts asks for a label before it shortens it: its text measured on one line, even
 * when it is drawn on two, and a little to spare.
 */
const labelWidth = (label: string, fontSize: number, fontFamily?: string) => textWidth(label.replace(/\n/g, ' '), fontSize, fontFamily) * ROOM_FACTOR + ROOM_SLACK;

export interface EdgeRoomOptions {
  fontSize?: number;
  fontFamily?: string;
  /**
   * Labels turned by this many degrees (negative: rising to the right) and anchored at their end:
   * they reach left of their tick only.
   */
  angle?: number;
}

/**
 * The chart's left and right margins so that the first and last tick labels fit: a label centred on
 * a point at the plot's edge may reach half its width beyond it; one turned and anchored at its end
 * reaches left by its turned width. Never less than the library's own margin.
 */
export function edgeMargins(
  labels: readonly string[],
  { fontSize = TICK_FONT_SIZE, fontFamily, angle = 0 }: EdgeRoomOptions = {},
): { left: number; right: number } {
  const first = labels[0];
  const last = labels[labels.length - 1];
  if (first === undefined || last === undefined) return { left: DEFAULT_MARGIN, right: DEFAULT_MARGIN };
  if (angle !== 0) {
    const radians = (Math.abs(angle) * Math.PI) / 180;
    const lineHeight = fontSize * 1.25;
    const reach = labelWidth(first, fontSize, fontFamily) * Math.cos(radians) + lineHeight * Math.sin(radians);
    return { left: Math.max(DEFAULT_MARGIN, Math.ceil(reach - MIN_Y_AXIS_WIDTH)), right: DEFAULT_MARGIN };
  }
  return {
    left: Math.max(DEFAULT_MARGIN, Math.ceil(labelWidth(first, fontSize, fontFamily) / 2 - MIN_Y_AXIS_WIDTH) + 2),
    right: Math.max(DEFAULT_MARGIN, Math.ceil(labelWidth(last, fontSize, fontFamily) / 2) + 2),
  };
}

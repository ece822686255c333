/**
 * What a chart draws as text inside its SVG, for stories that check labels are whole: the tick
 * labels of each axis (a label on several lines read as one, its lines joined by a space), the
 * axes' titles, and every other text (notes such as "Today so far").
 */
import { axisClasses } from '@mui/x-charts/ChartsAxis';
import { expect, waitFor } from 'storybook/test';

export const ELLIPSIS = '…';

/** A text element's lines joined by a space (MUI X Charts writes each line as a tspan). */
function textOf(element: Element): string {
  const lines = element.querySelectorAll('tspan');
  return (lines.length ? Array.from(lines, (line) => line.textContent ?? '') : [element.textContent ?? '']).join(' ').replace(/\s+/g, ' ').trim();
}

/** The tick labels drawn along an axis of the chart(s) under `root`, left to right or bottom to top. */
export function tickLabels(root: Element, direction: 'x' | 'y'): string[] {
  const axes = root.querySelectorAll(`svg .${direction === 'x' ? axisClasses.directionX : axisClasses.directionY}`);
  return Array.from(axes).flatMap((axis) => Array.from(axis.querySelectorAll(`.${axisClasses.tickLabel}`), textOf));
}

/** The titles of the axes drawn under `root`. */
export function axisTitles(root: Element): string[] {
  return Array.from(root.querySelectorAll(`svg .${axisClasses.label}`), textOf);
}

/** Every text drawn in the SVGs under `root`. */
export function svgTexts(root: Element): string[] {
  return Array.from(root.querySelectorAll('svg text'), textOf);
}

/** Waits for the chart under `root` to draw its x-axis labels, then checks none is shortened with an ellipsis. */
export async function expectWholeTickLabels(root: Element): Promise<{ x: string[]; y: string[] }> {
  await waitFor(() => expect(tickLabels(root, 'x').length).toBeGreaterThan(0));
  const labels = { x: tickLabels(root, 'x'), y: tickLabels(root, 'y') };
  await expect([...labels.x, ...labels.y].filter((label) => label.includes(ELLIPSIS))).toEqual([]);
  return labels;
}

/** Stories of tables: at 1440 px a cell is never shortened while its table has room; on a phone each row is a card shown in full. */
import { expect, waitFor, within } from 'storybook/test';

/** The Storybook viewport (declared in .storybook/preview.tsx) of a 1440 × 900 desktop screen. */
export const DESKTOP_VIEWPORT = 'desktop';

/** A story's `globals` for a 1440 px wide screen: in Storybook and when its test runs. */
export const DESKTOP_GLOBALS = { viewport: { value: DESKTOP_VIEWPORT, isRotated: false } };

const clips = (element: HTMLElement) => {
  const { overflowX, textOverflow } = getComputedStyle(element);
  return overflowX !== 'visible' || textOverflow === 'ellipsis';
};

/** How wide the element's text runs, to the fraction of a pixel. */
function textWidth(element: HTMLElement): number {
  const range = element.ownerDocument.createRange();
  const walker = element.ownerDocument.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  let left = Infinity;
  let right = -Infinity;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    range.selectNodeContents(node);
    for (const box of range.getClientRects()) {
      left = Math.min(left, box.left);
      right = Math.max(right, box.right);
    }
  }
  return right > left ? right - left : 0;
}

/** The width inside the element's padding, to the fraction of a pixel. */
function innerWidth(element: HTMLElement): number {
  const style = getComputedStyle(element);
  const sides = ['paddingLeft', 'paddingRight', 'borderLeftWidth', 'borderRightWidth'] as const;
  return element.getBoundingClientRect().width - sides.reduce((sum, side) => sum + parseFloat(style[side]), 0);
}

/**
 * Nothing in the element is cut: neither it nor anything inside that clips is narrower than its
 * content (a one-line text shortened by an ellipsis, even by a fraction of a pixel, included), and
 * it ends on the screen.
 */
export function expectInFull(element: HTMLElement): void {
  for (const each of [element, ...Array.from(element.querySelectorAll<HTMLElement>('*'))]) {
    if (!(each instanceof HTMLElement) || !clips(each) || each.clientWidth === 0) continue;
    expect(each.scrollWidth, `"${each.textContent}" is cut`).toBeLessThanOrEqual(each.clientWidth + 1);
    if (getComputedStyle(each).textOverflow === 'ellipsis' && getComputedStyle(each).whiteSpace === 'nowrap') {
      expect(textWidth(each), `"${each.textContent}" is shortened`).toBeLessThanOrEqual(innerWidth(each) + 0.5);
    }
  }
  const view = element.ownerDocument.defaultView;
  if (view) expect(element.getBoundingClientRect().right).toBeLessThanOrEqual(view.innerWidth + 1);
}

/**
 * Each card of the list (a table at phone width) shows every column's label, in order, with its
 * value beside it as text or a named control, nothing cut. Returns the cards.
 */
export async function expectCardsInFull(list: HTMLElement, labels: readonly string[]): Promise<HTMLElement[]> {
  await expect(list.ownerDocument.defaultView?.innerWidth).toBe(390);
  const cards = within(list).getAllByRole('listitem');
  await expect(cards.length).toBeGreaterThan(0);
  // Charts and grids settle on the width in a frame or two; cards do not, but fonts may.
  await waitFor(() => {
    for (const card of cards) {
      const terms = Array.from(card.querySelectorAll<HTMLElement>(':scope dl > dt'));
      expect(terms.map((term) => term.textContent)).toEqual(labels);
      for (const term of terms) {
        const value = term.nextElementSibling as HTMLElement;
        expect(term).toBeVisible();
        expect(value).toBeVisible();
        const shown = value.textContent?.trim() || value.querySelector('button, a, [role="combobox"]')?.getAttribute('aria-label');
        expect(shown, `the value of ${term.textContent}`).toBeTruthy();
        expectInFull(term);
        expectInFull(value);
      }
      for (const button of within(card).queryAllByRole('button')) expectInFull(button);
    }
  });
  return cards;
}

/** The grid's cells and headers of these columns show their content unshortened (no ellipsis), on every row drawn. */
export async function expectColumnsInFull(grid: HTMLElement, fields: readonly string[]): Promise<void> {
  await waitFor(() => {
    for (const field of fields) {
      const cells = grid.querySelectorAll<HTMLElement>(`[role="gridcell"][data-field="${field}"]`);
      expect(cells.length, `cells of ${field}`).toBeGreaterThan(0);
      for (const cell of cells) expectInFull(cell);
      const title = grid.querySelector<HTMLElement>(`[role="columnheader"][data-field="${field}"] .MuiDataGrid-columnHeaderTitle`);
      if (title) expectInFull(title);
    }
  });
}

/** A plain table (ResponsiveTable) fits its box and shows every cell unshortened. */
export async function expectTableInFull(table: HTMLElement): Promise<void> {
  await waitFor(() => {
    const box = table.parentElement as HTMLElement;
    expect(table.getBoundingClientRect().width).toBeLessThanOrEqual(box.clientWidth + 1);
    for (const cell of table.querySelectorAll<HTMLElement>('th, td')) expectInFull(cell);
  });
}

/** The lines the element's text takes (1 when it does not wrap). */
export function lineCount(element: HTMLElement): number {
  const walker = element.ownerDocument.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  const range = element.ownerDocument.createRange();
  const tops = new Set<number>();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent?.trim()) continue;
    range.selectNodeContents(node);
    for (const rect of range.getClientRects()) tops.add(Math.round(rect.top));
  }
  return tops.size;
}

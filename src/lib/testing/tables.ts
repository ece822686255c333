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

/** Nothing in the element is cut: neither it nor anything inside that clips is narrower than its content, and it ends on the screen. */
export function expectInFull(element: HTMLElement): void {
  for (const each of [element, ...Array.from(element.querySelectorAll<HTMLElement>('*'))]) {
    if (!(each instanceof HTMLElement) || !clips(each) || each.clientWidth === 0) continue;
    expect(each.scrollWidth, `"${each.textContent}" is cut`).toBeLessThanOrEqual(each.clientWidth + 1);
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

/** The grid's cells of these columns show their content unshortened (no ellipsis), on every row drawn. */
export async function expectColumnsInFull(grid: HTMLElement, fields: readonly string[]): Promise<void> {
  await waitFor(() => {
    for (const field of fields) {
      const cells = grid.querySelectorAll<HTMLElement>(`[role="gridcell"][data-field="${field}"]`);
      expect(cells.length, `cells of ${field}`).toBeGreaterThan(0);
      for (const cell of cells) expectInFull(cell);
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

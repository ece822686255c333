import { useEffect, useMemo, useState, type RefObject } from 'react';
import { gridClasses, type GridApi, type GridColDef, type GridValidRowModel } from '@mui/x-data-grid';

/** Room kept in a sortable header for the sort arrow the grid shows on hover. */
const SORT_ICON_ROOM = 28;

type Widths = Readonly<Record<string, number>>;

const fieldSelector = (role: string, field: string) => `[role="${role}"][data-field="${CSS.escape(field)}"]`;

/** How wide the element's text runs, to the fraction of a pixel (a title 116.3 px wide in a 116 px box is cut). */
function textWidth(element: Element): number {
  const range = element.ownerDocument.createRange();
  const walker = element.ownerDocument.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  let left = Infinity;
  let right = -Infinity;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    range.selectNodeContents(node);
    const box = range.getBoundingClientRect();
    if (box.width === 0) continue;
    left = Math.min(left, box.left);
    right = Math.max(right, box.right);
  }
  return right > left ? right - left : 0;
}

/** The width a header's title takes unshortened, with the header's padding and room for its sort arrow. */
function headerWidth(header: Element, sortable: boolean): number {
  const title = header.querySelector(`.${gridClasses.columnHeaderTitleContainer}`);
  if (!title) return 0;
  const style = getComputedStyle(header);
  return parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) + textWidth(title) + (sortable ? SORT_ICON_ROOM : 0);
}

/**
 * The width each column's content needs unshortened: the widest of its header and the cells on the
 * page. The grid's own autosizing class lays every cell out at its content's width while measuring.
 */
function measure<Row extends GridValidRowModel>(root: HTMLElement, columns: readonly GridColDef<Row>[], sortingDisabled: boolean): Widths {
  const widths: Record<string, number> = {};
  root.classList.add(gridClasses.autosizing);
  try {
    for (const column of columns) {
      let width = 0;
      for (const cell of root.querySelectorAll(fieldSelector('gridcell', column.field))) width = Math.max(width, cell.getBoundingClientRect().width);
      const header = root.querySelector(fieldSelector('columnheader', column.field));
      if (header) width = Math.max(width, headerWidth(header, !sortingDisabled && column.sortable !== false && column.type !== 'actions'));
      widths[column.field] = Math.ceil(width);
    }
  } finally {
    root.classList.remove(gridClasses.autosizing);
  }
  return widths;
}

const sameWidths = (a: Widths, b: Widths) => Object.keys(b).length === Object.keys(a).length && Object.keys(b).every((field) => a[field] === b[field]);

interface Need {
  field: string;
  /** The content's width. */
  content: number;
  /** Narrowest it may be drawn: a fixed column never below its content. */
  floor: number;
  flexible: boolean;
}

/**
 * Each column's width in `room`. With room enough every column gets its content's width and the
 * flexible ones share what is left in proportion to their content (the widest take most). Short of
 * room, the fixed columns keep their content's width and the flexible ones give way widest first:
 * a column is shortened only once every wider one is as narrow as it, and none below its floor.
 */
export function shareRoom(needs: readonly Need[], room: number): Widths {
  const widths: Record<string, number> = {};
  const growing = needs.some((need) => need.flexible) ? needs.filter((need) => need.flexible) : needs;
  const total = needs.reduce((sum, need) => sum + need.content, 0);
  if (total <= room) {
    const growingContent = growing.reduce((sum, need) => sum + need.content, 0);
    for (const need of needs) widths[need.field] = need.content;
    for (const need of growing) widths[need.field] = Math.floor(need.content + ((room - total) * need.content) / (growingContent || 1));
    return widths;
  }
  const fixed = needs.filter((need) => !need.flexible).reduce((sum, need) => sum + need.content, 0);
  const flexible = needs.filter((need) => need.flexible);
  // The highest level at which the flexible columns, each min(content, level) but not below its floor, fit.
  const widthAt = (level: number) => flexible.reduce((sum, need) => sum + Math.max(need.floor, Math.min(need.content, level)), 0);
  const left = room - fixed;
  // widthAt grows piecewise linearly between the floors and contents: find the piece where it reaches the room.
  const breaks = [...new Set(flexible.flatMap((need) => [need.floor, need.content]))].sort((a, b) => a - b);
  let level = breaks[0] ?? 0;
  for (let index = 1; index < breaks.length && widthAt(breaks[index]) <= left; index += 1) level = breaks[index];
  const slope = flexible.filter((need) => need.floor <= level && level < need.content).length;
  if (slope > 0 && widthAt(level) < left) level += (left - widthAt(level)) / slope;
  for (const need of needs) widths[need.field] = need.flexible ? Math.floor(Math.max(need.floor, Math.min(need.content, level))) : need.content;
  return widths;
}

const needOf = <Row extends GridValidRowModel>(column: GridColDef<Row>, content: number): Need => {
  const flexible = Boolean(column.flex);
  return { field: column.field, content, flexible, floor: flexible ? Math.min(content, column.minWidth ?? content) : content };
};

/**
 * The grid's columns sized to what they show (see shareRoom): a column declared with a fixed width
 * (a date, a status, the actions) is never shortened; one declared flexible (a name, a description,
 * an e-mail) may shrink to its declared minimum when the table lacks room, its text then shortened
 * and in full on pointing. Measured again whenever the grid's rows or cells change (a page, a sort,
 * new rows, a cell's new text) and shared again when its width changes. Until the first measurement
 * the columns are drawn as declared.
 */
export function useContentWidths<Row extends GridValidRowModel>(
  apiRef: RefObject<GridApi | null>,
  columns: readonly GridColDef<Row>[],
  options: { rows: unknown; sortingDisabled?: boolean },
): GridColDef<Row>[] {
  const [contents, setContents] = useState<Widths>({});
  const [room, setRoom] = useState(0);
  const { rows, sortingDisabled = false } = options;

  useEffect(() => {
    const api = apiRef.current;
    const root = api?.rootElementRef?.current;
    if (!api || !root) return;
    // Only the rows in view (and a few around them) are drawn: each column keeps the widest content
    // met among the rows drawn so far, so scrolling never narrows it. New rows start afresh.
    let widest: Widths = {};
    let frame = 0;
    const update = () => {
      frame = 0;
      const measured = measure(root, columns, sortingDisabled);
      const next = Object.fromEntries(columns.map(({ field }) => [field, Math.max(widest[field] ?? 0, measured[field] ?? 0)]));
      widest = next;
      setContents((previous) => (sameWidths(previous, next) ? previous : next));
      setRoom(Math.floor(api.getRootDimensions().viewportInnerSize.width));
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(update);
    };
    // A cell's size changes with its text or its elements, never with a class or style alone:
    // watching those too would measure again after every width the grid applies.
    const observer = new MutationObserver(schedule);
    observer.observe(root, { childList: true, subtree: true, characterData: true });
    const stopFollowingWidth = api.subscribeEvent('viewportInnerSizeChange', (size) => setRoom(Math.floor(size.width)));
    schedule();
    return () => {
      observer.disconnect();
      stopFollowingWidth();
      if (frame !== 0) cancelAnimationFrame(frame);
    };
  }, [apiRef, columns, rows, sortingDisabled]);

  return useMemo(() => {
    const measured = columns.every((column) => (contents[column.field] ?? 0) > 0);
    if (!measured || room <= 0) return [...columns];
    const widths = shareRoom(
      columns.map((column) => needOf(column, contents[column.field])),
      room,
    );
    return columns.map((column) => ({ ...column, flex: 0, width: widths[column.field], minWidth: Math.min(widths[column.field], column.minWidth ?? 0) }));
  }, [columns, contents, room]);
}

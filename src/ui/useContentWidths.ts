import { useEffect, useMemo, useState, type RefObject } from 'react';
import { gridClasses, type GridApi, type GridColDef, type GridValidRowModel } from '@mui/x-data-grid';

/** Room kept in a sortable header for the sort arrow the grid shows on hover. */
const SORT_ICON_ROOM = 28;

type Widths = Readonly<Record<string, number>>;

const fieldSelector = (role: string, field: string) => `[role="${role}"][data-field="${CSS.escape(field)}"]`;

/** The width a header's title and icons take unshortened, with the header's padding. */
function headerWidth(header: Element, sortable: boolean): number {
  const title = header.querySelector(`.${gridClasses.columnHeaderTitleContainer}`);
  if (!title) return 0;
  const style = getComputedStyle(header);
  let width = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
  for (const child of Array.from(title.children)) if (child.clientWidth > 0) width += child.scrollWidth;
  return width + (sortable ? SORT_ICON_ROOM : 0);
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

/**
 * A column sized to its content. A column declared with a fixed width (a date, a status, the
 * actions) takes exactly its content's width: never shortened. A column declared flexible (a name,
 * a description, an e-mail) may shrink to its declared minimum when the table lacks room, and the
 * flexible columns share the room to spare in proportion to their content, so the widest take most.
 */
function fitted<Row extends GridValidRowModel>(column: GridColDef<Row>, content: number | undefined): GridColDef<Row> {
  if (content === undefined || content === 0) return column;
  if (column.flex) return { ...column, flex: content, minWidth: Math.min(content, column.minWidth ?? content), width: undefined };
  return { ...column, flex: 0, width: content, minWidth: content };
}

/**
 * The grid's columns sized to what they show, measured again whenever the grid's rows or cells
 * change (a page, a sort, new rows, a cell's new text). Until the first measurement the columns
 * are drawn as declared.
 */
export function useContentWidths<Row extends GridValidRowModel>(
  apiRef: RefObject<GridApi | null>,
  columns: readonly GridColDef<Row>[],
  options: { enabled: boolean; sortingDisabled?: boolean },
): GridColDef<Row>[] {
  const [widths, setWidths] = useState<Widths>({});
  const { enabled, sortingDisabled = false } = options;

  useEffect(() => {
    const root = enabled ? apiRef.current?.rootElementRef?.current : null;
    if (!root) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      const next = measure(root, columns, sortingDisabled);
      setWidths((previous) => (sameWidths(previous, next) ? previous : next));
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(update);
    };
    // A cell's size changes with its text or its elements, never with a class or style alone:
    // watching those too would measure again after every width the grid applies.
    const observer = new MutationObserver(schedule);
    observer.observe(root, { childList: true, subtree: true, characterData: true });
    schedule();
    return () => {
      observer.disconnect();
      if (frame !== 0) cancelAnimationFrame(frame);
    };
  }, [apiRef, columns, enabled, sortingDisabled]);

  return useMemo(() => columns.map((column) => fitted(column, widths[column.field])), [columns, widths]);
}

import { isValidElement, type ReactElement, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import type {
  GridActionsColDef,
  GridApi,
  GridColDef,
  GridRenderCellParams,
  GridRowParams,
  GridSortModel,
  GridValidRowModel,
} from '@mui/x-data-grid';
import type { StackedRow } from './StackedRows';

/** Outside a grid there is no grid API: the value getters and formatters of our columns never read it. */
const NO_API = { current: null } as unknown as { current: GridApi };

/** The cell's value, as the grid sorts it: the row's field through the column's valueGetter. */
export function cellValue<Row extends GridValidRowModel>(column: GridColDef<Row>, row: Row): unknown {
  const raw: unknown = row[column.field];
  return column.valueGetter ? column.valueGetter(raw as never, row, column, NO_API) : raw;
}

/** The cell's value as text, as the grid shows it without a renderCell. */
export function cellText<Row extends GridValidRowModel>(column: GridColDef<Row>, row: Row): string {
  const value = cellValue(column, row);
  const formatted: unknown = column.valueFormatter ? column.valueFormatter(value as never, row, column, NO_API) : value;
  if (formatted === null || formatted === undefined) return '';
  if (formatted instanceof Date) return formatted.toLocaleString();
  return String(formatted as string | number | boolean);
}

const isActions = <Row extends GridValidRowModel>(column: GridColDef<Row>): column is GridActionsColDef<Row> => column.type === 'actions';

/** What a card shows for a cell: the column's own rendering, else its text. */
function cellContent<Row extends GridValidRowModel>(column: GridColDef<Row>, row: Row, id: string | number): ReactNode {
  const content = renderedCell(column, row, id);
  // A card shows every column: an empty cell reads as a dash rather than a label with nothing beside it.
  return content === null || content === undefined || content === false || content === '' ? EMPTY : content;
}

const EMPTY = '—';

function renderedCell<Row extends GridValidRowModel>(column: GridColDef<Row>, row: Row, id: string | number): ReactNode {
  if (!column.renderCell) return cellText(column, row);
  const params = {
    id,
    field: column.field,
    row,
    colDef: column,
    value: cellValue(column, row),
    formattedValue: cellText(column, row),
    hasFocus: false,
    tabIndex: 0,
    cellMode: 'view',
  } as unknown as GridRenderCellParams<Row>;
  return column.renderCell(params);
}

interface ActionProps {
  label: string;
  icon?: ReactElement;
  onClick?: () => void;
  disabled?: boolean;
}

/** A grid's action item (GridActionsCellItem) as a button of the card, with the same name and handler. */
function cardActions<Row extends GridValidRowModel>(column: GridActionsColDef<Row>, row: Row, id: string | number): ReactNode[] {
  const items = column.getActions({ id, row, columns: [] } as unknown as GridRowParams<Row>);
  return items.filter(isValidElement).map((item, index) => {
    const { label, icon, onClick, disabled } = item.props as ActionProps;
    return icon ? (
      <IconButton key={item.key ?? index} aria-label={label} title={label} onClick={onClick} disabled={disabled}>
        {icon}
      </IconButton>
    ) : (
      <Button key={item.key ?? index} size="small" onClick={onClick} disabled={disabled}>
        {label}
      </Button>
    );
  });
}

/** The grid's rows as cards: each column but the actions as a labelled value, the actions as buttons. */
export function gridRowCards<Row extends GridValidRowModel>(rows: readonly Row[], columns: readonly GridColDef<Row>[], getId: (row: Row) => string | number): StackedRow[] {
  const fields = columns.filter((column) => !isActions(column));
  const actions = columns.filter(isActions);
  return rows.map((row) => {
    const id = getId(row);
    const buttons = actions.flatMap((column) => cardActions(column, row, id));
    return {
      id,
      name: fields[0] ? cellText(fields[0], row) || undefined : undefined,
      fields: fields.map((column) => ({ label: column.headerName ?? column.field, value: cellContent(column, row, id) })),
      actions: buttons.length > 0 ? buttons : undefined,
    };
  });
}

const compareValues = (a: unknown, b: unknown): number => {
  if (a === b) return 0;
  if (a === null || a === undefined || a === '') return -1;
  if (b === null || b === undefined || b === '') return 1;
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a as string).localeCompare(String(b as string), undefined, { numeric: true });
};

/** The rows in the order of a sort model, as the grid sorts them by default. */
export function sortRows<Row extends GridValidRowModel>(rows: readonly Row[], columns: readonly GridColDef<Row>[], sortModel: GridSortModel | undefined): Row[] {
  const sorted = [...rows];
  const rules = (sortModel ?? []).flatMap(({ field, sort }) => {
    const column = columns.find((each) => each.field === field);
    return column && sort ? [{ column, direction: sort === 'asc' ? 1 : -1 }] : [];
  });
  if (rules.length === 0) return sorted;
  return sorted.sort((a, b) => {
    for (const { column, direction } of rules) {
      const order = compareValues(cellValue(column, a), cellValue(column, b));
      if (order !== 0) return order * direction;
    }
    return 0;
  });
}

import { useMemo, useState, type PointerEvent } from 'react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  DataGrid,
  useGridApiRef,
  type GridColDef,
  type GridRenderCellParams,
  type GridRowIdGetter,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { gridRowCards, sortRows } from './gridRowCards';
import { StackedRows } from './StackedRows';
import { useCardLayout } from './useCardLayout';
import { useContentWidths } from './useContentWidths';

const PAGE_SIZE = 25;
/** Wider than any of our tables: no column is left undrawn (and unmeasured) for being out of view. */
const COLUMN_BUFFER_PX = 10_000;

const growWithText = () => 'auto' as const;
/** A grown row has no fixed line height to centre its text in: padding spaces it instead. */
const WRAPPED_CELLS = { '& .MuiDataGrid-cell': { py: 1 } };

/** Pages fetched one at a time by the server: the grid (or the cards) shows the page it is given. */
export interface ServerPaging {
  /** Rows in all pages. */
  rowCount: number;
  /** 0-based, as the grid counts. */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
}

export interface DataTableProps<Row extends GridValidRowModel> {
  rows: Row[];
  columns: GridColDef<Row>[];
  /** Accessible name of the grid (and of its list of cards on a phone). */
  label: string;
  /** The grid grows with its rows up to this height, then scrolls. */
  maxHeight: number;
  initialSort?: GridSortModel;
  /** Rows grow to show their cells' text in full, wrapped, instead of cutting it off. */
  wrapText?: boolean;
  /** The rows are one page of the server's; without it the table pages its rows itself, 25 a page. */
  serverPaging?: ServerPaging;
  /** A page is being fetched. */
  loading?: boolean;
  /** Shown when there are no rows. */
  noRowsLabel?: string;
  disableSorting?: boolean;
  getRowId?: (row: Row) => string | number;
}

const defaultRowId = (row: GridValidRowModel) => row.id as string | number;

/** The full text of a shortened cell, on pointing at it. */
const titleWhenCut = (event: PointerEvent<HTMLElement>) => {
  const text = event.currentTarget;
  if (text.scrollWidth > text.clientWidth) text.title = text.textContent;
  else text.removeAttribute('title');
};

/** The class of a cell's text; styled once on the grid rather than per cell. */
const CELL_TEXT = 'DataTable-cellText';
const CELL_TEXT_STYLE = { [`& .${CELL_TEXT}`]: { display: 'block', minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' } };

/** Cells without a rendering of their own: their text, shortened only when the table lacks room, in full on pointing. */
function withFullTextOnPointing<Row extends GridValidRowModel>(columns: GridColDef<Row>[]): GridColDef<Row>[] {
  return columns.map((column) =>
    column.renderCell || column.type === 'actions'
      ? column
      : {
          ...column,
          renderCell: ({ formattedValue }: GridRenderCellParams<Row>) => (
            <span className={CELL_TEXT} onPointerEnter={titleWhenCut}>
              {formattedValue as string}
            </span>
          ),
        },
  );
}

/**
 * The product's tables: MUI's Data Grid with columns sized to their content from 600 px up, and a
 * card per row below (each column's label beside its value, the actions as buttons). No column menu,
 * no selection, pages of 25 only when needed.
 */
export function DataTable<Row extends GridValidRowModel>({
  rows,
  columns,
  label,
  maxHeight,
  initialSort,
  wrapText = false,
  serverPaging,
  loading = false,
  noRowsLabel,
  disableSorting = false,
  getRowId = defaultRowId,
}: DataTableProps<Row>) {
  const cards = useCardLayout();
  return cards ? (
    <RowCards rows={rows} columns={columns} label={label} initialSort={initialSort} serverPaging={serverPaging} loading={loading} noRowsLabel={noRowsLabel} getRowId={getRowId} />
  ) : (
    <Grid
      rows={rows}
      columns={columns}
      label={label}
      maxHeight={maxHeight}
      initialSort={initialSort}
      wrapText={wrapText}
      serverPaging={serverPaging}
      loading={loading}
      noRowsLabel={noRowsLabel}
      disableSorting={disableSorting}
      getRowId={getRowId}
    />
  );
}

type GridProps<Row extends GridValidRowModel> = Required<Pick<DataTableProps<Row>, 'wrapText' | 'loading' | 'disableSorting' | 'getRowId'>> &
  Omit<DataTableProps<Row>, 'wrapText' | 'loading' | 'disableSorting' | 'getRowId'>;

function Grid<Row extends GridValidRowModel>({ rows, columns, label, maxHeight, initialSort, wrapText, serverPaging, loading, noRowsLabel, disableSorting, getRowId }: GridProps<Row>) {
  const apiRef = useGridApiRef();
  const textColumns = useMemo(() => withFullTextOnPointing(columns), [columns]);
  const sized = useContentWidths(apiRef, textColumns, { rows, sortingDisabled: disableSorting });
  const pageSize = serverPaging?.pageSize ?? PAGE_SIZE;
  return (
    // A flex column parent lets the grid grow with its rows up to the cap, then scroll.
    <Box sx={{ display: 'flex', flexDirection: 'column', maxHeight }}>
      <DataGrid
        apiRef={apiRef}
        rows={rows}
        columns={sized}
        label={label}
        getRowId={getRowId as GridRowIdGetter<Row>}
        disableColumnMenu
        disableRowSelectionOnClick
        disableColumnSorting={disableSorting}
        // Every column is drawn, so each is measured for its width (rows are drawn as they come into view).
        columnBufferPx={COLUMN_BUFFER_PX}
        loading={loading}
        hideFooter={!serverPaging && rows.length <= PAGE_SIZE}
        initialState={{
          ...(initialSort ? { sorting: { sortModel: initialSort } } : {}),
          pagination: { paginationModel: { pageSize } },
        }}
        pageSizeOptions={[pageSize]}
        {...(serverPaging
          ? {
              paginationMode: 'server' as const,
              rowCount: serverPaging.rowCount,
              paginationModel: { page: serverPaging.page, pageSize },
              onPaginationModelChange: (model: { page: number }) => serverPaging.onPageChange(model.page),
            }
          : {})}
        localeText={noRowsLabel ? { noRowsLabel } : undefined}
        getRowHeight={wrapText ? growWithText : undefined}
        sx={wrapText ? { ...CELL_TEXT_STYLE, ...WRAPPED_CELLS } : CELL_TEXT_STYLE}
      />
    </Box>
  );
}

type RowCardsProps<Row extends GridValidRowModel> = Pick<DataTableProps<Row>, 'rows' | 'columns' | 'label' | 'initialSort' | 'serverPaging' | 'noRowsLabel'> & {
  loading: boolean;
  getRowId: (row: Row) => string | number;
};

/** The rows as cards, in the grid's first order, a page at a time. */
function RowCards<Row extends GridValidRowModel>({ rows, columns, label, initialSort, serverPaging, loading, noRowsLabel, getRowId }: RowCardsProps<Row>) {
  const [ownPage, setOwnPage] = useState(0);
  const pageSize = serverPaging?.pageSize ?? PAGE_SIZE;
  const pageCount = Math.ceil((serverPaging?.rowCount ?? rows.length) / pageSize);
  const page = Math.min(serverPaging?.page ?? ownPage, Math.max(pageCount - 1, 0));
  const shown = useMemo(() => {
    if (serverPaging) return rows;
    return sortRows(rows, columns, initialSort).slice(page * pageSize, (page + 1) * pageSize);
  }, [columns, initialSort, page, pageSize, rows, serverPaging]);
  const cards = useMemo(() => gridRowCards(shown, columns, getRowId), [columns, getRowId, shown]);

  return (
    <Stack spacing={1.5}>
      {loading && <LinearProgress aria-label={`Loading ${label}`} />}
      {cards.length === 0 && !loading ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {noRowsLabel ?? 'No rows'}
        </Typography>
      ) : (
        <StackedRows label={label} rows={cards} />
      )}
      {pageCount > 1 && (
        <Pagination
          count={pageCount}
          page={page + 1}
          onChange={(_event, next) => (serverPaging ? serverPaging.onPageChange(next - 1) : setOwnPage(next - 1))}
          aria-label={`Pages of ${label}`}
          sx={{ alignSelf: 'center' }}
        />
      )}
    </Stack>
  );
}

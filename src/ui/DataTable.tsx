import Box from '@mui/material/Box';
import { DataGrid, type GridColDef, type GridSortModel, type GridValidRowModel } from '@mui/x-data-grid';

const PAGE_SIZE = 25;

const growWithText = () => 'auto' as const;
/** A grown row has no fixed line height to centre its text in: padding spaces it instead. */
const WRAPPED_CELLS = { '& .MuiDataGrid-cell': { py: 1 } };

export interface DataTableProps<Row extends GridValidRowModel> {
  rows: Row[];
  columns: GridColDef<Row>[];
  /** Accessible name of the grid. */
  label: string;
  /** The grid grows with its rows up to this height, then scrolls. */
  maxHeight: number;
  initialSort?: GridSortModel;
  /** Rows grow to show their cells' text in full, wrapped, instead of cutting it off. */
  wrapText?: boolean;
}

/** The tables of the modals: no column menu, no selection, pages of 25 only when needed. */
export function DataTable<Row extends GridValidRowModel>({
  rows,
  columns,
  label,
  maxHeight,
  initialSort,
  wrapText = false,
}: DataTableProps<Row>) {
  return (
    // A flex column parent lets the grid grow with its rows up to the cap, then scroll.
    <Box sx={{ display: 'flex', flexDirection: 'column', maxHeight }}>
      <DataGrid
        rows={rows}
        columns={columns}
        label={label}
        disableColumnMenu
        disableRowSelectionOnClick
        hideFooter={rows.length <= PAGE_SIZE}
        initialState={{
          ...(initialSort ? { sorting: { sortModel: initialSort } } : {}),
          pagination: { paginationModel: { pageSize: PAGE_SIZE } },
        }}
        pageSizeOptions={[PAGE_SIZE]}
        getRowHeight={wrapText ? growWithText : undefined}
        sx={wrapText ? WRAPPED_CELLS : undefined}
      />
    </Box>
  );
}

import Box from '@mui/material/Box';
import { DataGrid, type GridColDef, type GridSortModel, type GridValidRowModel } from '@mui/x-data-grid';

const PAGE_SIZE = 25;

export interface DataTableProps<Row extends GridValidRowModel> {
  rows: Row[];
  columns: GridColDef<Row>[];
  /** Accessible name of the grid. */
  label: string;
  /** The grid grows with its rows up to this height, then scrolls. */
  maxHeight: number;
  initialSort?: GridSortModel;
}

/** The tables of the modals: no column menu, no selection, pages of 25 only when needed. */
export function DataTable<Row extends GridValidRowModel>({ rows, columns, label, maxHeight, initialSort }: DataTableProps<Row>) {
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
      />
    </Box>
  );
}

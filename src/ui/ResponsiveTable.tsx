import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { SxProps, Theme } from '@mui/material/styles';
import { StackedRows } from './StackedRows';
import { useCardLayout } from './useCardLayout';

export interface TableColumn<Row> {
  key: string;
  label: string;
  cell: (row: Row) => ReactNode;
  align?: 'left' | 'right';
  /** The row's header (a th with scope row): the column that names the row. */
  rowHeader?: boolean;
  /** Kept on one line (a date, a figure with its unit). */
  noWrap?: boolean;
}

export interface ResponsiveTableProps<Row> {
  /** Accessible name of the table (and of its list of cards on a phone). */
  label: string;
  rows: readonly Row[];
  columns: readonly TableColumn<Row>[];
  rowKey: (row: Row) => string;
  /** The accessible name of a row's card: its name, say. */
  rowName?: (row: Row) => string;
  sx?: SxProps<Theme>;
  /** From 600 px, the table sits in an outlined box (its cards are outlined anyway). */
  outlined?: boolean;
}

/**
 * A small table without sorting or paging (those are the Data Grid's, see DataTable). From 600 px a
 * table laid out by the browser: each column as wide as its content, the room to spare shared in
 * proportion, text wrapped rather than cut when the room runs out. Below, a card per row with each
 * column's label beside its value.
 */
export function ResponsiveTable<Row>({ label, rows, columns, rowKey, rowName, sx, outlined = false }: ResponsiveTableProps<Row>) {
  const cards = useCardLayout();
  if (cards) {
    return (
      <Box sx={sx}>
        <StackedRows
          label={label}
          rows={rows.map((row) => ({
            id: rowKey(row),
            name: rowName?.(row),
            fields: columns.map((column) => ({ label: column.label, value: column.cell(row) })),
          }))}
        />
      </Box>
    );
  }
  return (
    <TableContainer sx={sx} {...(outlined ? { component: Paper, variant: 'outlined' as const } : {})}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.key} align={column.align} sx={{ whiteSpace: 'nowrap' }}>
                {column.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)}>
              {columns.map((column) => (
                <TableCell
                  key={column.key}
                  align={column.align}
                  {...(column.rowHeader ? { component: 'th', scope: 'row' } : {})}
                  sx={column.noWrap ? { whiteSpace: 'nowrap' } : { overflowWrap: 'break-word' }}
                >
                  {column.cell(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

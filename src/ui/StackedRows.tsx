import { Fragment, useLayoutEffect, useRef, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** One column of a row: its header as the label, its cell as the value. */
export interface StackedField {
  label: string;
  value: ReactNode;
}

export interface StackedRow {
  id: string | number;
  /** Accessible name of the card: the row's first column as text, say. */
  name?: string;
  fields: StackedField[];
  /** The row's buttons, under its fields. */
  actions?: ReactNode;
}

export interface StackedRowsProps {
  /** Accessible name of the list, the table's name. */
  label: string;
  rows: StackedRow[];
}

const INTERACTIVE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * A table at phone width: a card per row, each column's label beside its value. Values wrap
 * (an e-mail address breaks anywhere) instead of being cut or scrolling sideways.
 */
export function StackedRows({ label, rows }: StackedRowsProps) {
  const list = useRef<HTMLUListElement>(null);
  // Cards are taller than a table's rows: in a dialog filling a phone they scroll. Without a button
  // or link in them the keyboard could not reach (and scroll) them, so the list itself takes focus.
  useLayoutEffect(() => {
    const element = list.current;
    if (!element) return;
    if (element.querySelector(INTERACTIVE)) element.removeAttribute('tabindex');
    else element.tabIndex = 0;
  }, [rows]);
  return (
    <Stack ref={list} component="ul" aria-label={label} spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0, outlineOffset: 4 }}>
      {rows.map((row) => (
        <Paper key={row.id} component="li" variant="outlined" aria-label={row.name} data-stacked-row sx={{ p: 2, minWidth: 0 }}>
          <Box
            component="dl"
            sx={{ m: 0, display: 'grid', gridTemplateColumns: 'fit-content(40%) minmax(0, 1fr)', columnGap: 2, rowGap: 1, alignItems: 'baseline' }}
          >
            {row.fields.map((field) => (
              <Fragment key={field.label}>
                <Typography component="dt" variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                  {field.label}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
                  {field.value}
                </Typography>
              </Fragment>
            ))}
          </Box>
          {row.actions && (
            <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
              {row.actions}
            </Stack>
          )}
        </Paper>
      ))}
    </Stack>
  );
}

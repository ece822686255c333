import { useMemo } from 'react';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Chip from '@mui/material/Chip';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import type { Company } from '@domain/auth/types';
import { COMPANY_STATUS_LABELS, type CompanyStatus } from '@domain/company/options';
import { DataTable } from '@/ui/DataTable';

export interface CompanyTableProps {
  companies: Company[];
  onEdit: (company: Company) => void;
  onDelete: (company: Company) => void;
}

const STATUS_COLOURS: Record<CompanyStatus, 'success' | 'default' | 'warning'> = {
  active: 'success',
  inactive: 'default',
  suspended: 'warning',
};

const createdFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** The companies of Company Management: name, domain, industry, status and creation date. */
export function CompanyTable({ companies, onEdit, onDelete }: CompanyTableProps) {
  const columns = useMemo<GridColDef<Company>[]>(
    () => [
      { field: 'name', headerName: 'Name', flex: 1, minWidth: 160 },
      { field: 'domain', headerName: 'Domain', flex: 1, minWidth: 150 },
      { field: 'industry', headerName: 'Industry', width: 140 },
      {
        field: 'status',
        headerName: 'Status',
        width: 120,
        valueGetter: (_value, row) => COMPANY_STATUS_LABELS[row.status],
        renderCell: ({ row }) => (
          <Chip size="small" label={COMPANY_STATUS_LABELS[row.status]} color={STATUS_COLOURS[row.status]} />
        ),
      },
      {
        field: 'createdAt',
        headerName: 'Created',
        width: 130,
        type: 'date',
        valueGetter: (value: string) => (value ? new Date(value) : null),
        valueFormatter: (value: Date | null) => (value ? createdFormat.format(value) : ''),
      },
      {
        field: 'actions',
        type: 'actions',
        headerName: 'Actions',
        width: 100,
        getActions: ({ row }) => [
          <GridActionsCellItem key="edit" icon={<EditOutlinedIcon />} label={`Edit ${row.name}`} onClick={() => onEdit(row)} />,
          // The internal company runs the platform: deleting it would remove every global admin.
          ...(row.isInternal
            ? []
            : [
                <GridActionsCellItem
                  key="delete"
                  icon={<DeleteOutlinedIcon />}
                  label={`Delete ${row.name}`}
                  onClick={() => onDelete(row)}
                />,
              ]),
        ],
      },
    ],
    [onDelete, onEdit],
  );

  return <DataTable rows={companies} columns={columns} label="Companies" maxHeight={520} initialSort={[{ field: 'name', sort: 'asc' }]} />;
}

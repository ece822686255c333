import { useMemo } from 'react';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Chip from '@mui/material/Chip';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import type { CustomAttribute } from '@domain/prediction/contract';
import { DataTable } from '@/ui/DataTable';
import { formatDateTime } from '../format';

export interface CustomAttributesTableProps {
  attributes: CustomAttribute[];
  canManage: boolean;
  onEdit: (attribute: CustomAttribute) => void;
  onDelete: (attribute: CustomAttribute) => void;
}

export function CustomAttributesTable({ attributes, canManage, onEdit, onDelete }: CustomAttributesTableProps) {
  const columns = useMemo<GridColDef<CustomAttribute>[]>(() => {
    const list: GridColDef<CustomAttribute>[] = [
      { field: 'name', headerName: 'Name', flex: 1, minWidth: 160, cellClassName: 'monospace' },
      { field: 'type', headerName: 'Type', width: 120, renderCell: ({ row }) => <Chip size="small" variant="outlined" label={row.type} /> },
      { field: 'createdAt', headerName: 'Created', width: 180, valueFormatter: (value: string) => formatDateTime(value) },
    ];
    if (canManage) {
      list.push({
        field: 'actions',
        type: 'actions',
        headerName: 'Actions',
        width: 110,
        getActions: ({ row }) => [
          <GridActionsCellItem key="edit" icon={<EditOutlinedIcon />} label={`Edit ${row.name}`} onClick={() => onEdit(row)} />,
          <GridActionsCellItem key="delete" icon={<DeleteOutlinedIcon />} label={`Delete ${row.name}`} onClick={() => onDelete(row)} />,
        ],
      });
    }
    return list;
  }, [canManage, onDelete, onEdit]);

  return <DataTable rows={attributes} columns={columns} label="Custom attributes" maxHeight={520} initialSort={[{ field: 'name', sort: 'asc' }]} />;
}

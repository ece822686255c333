import { memo, useMemo } from 'react';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Chip from '@mui/material/Chip';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { DATA_TYPE_KIND_LABELS, type DataType } from '@domain/dataTypes/dataTypes';
import { DataTable } from '@/ui/DataTable';
import { companyLabel, creatorLabel, mayChange } from '../filtering';

export interface DataTypeTableProps {
  dataTypes: DataType[];
  /** data_sources:write: the Actions column. */
  canManage: boolean;
  /** Only a global admin edits or deletes a global type. */
  isGlobalAdmin: boolean;
  onEdit: (dataType: DataType) => void;
  onDelete: (dataType: DataType) => void;
}

/** Memoised: the grid is costly to draw, and the page re-renders for changes that leave it as it is. */
export const DataTypeTable = memo(function DataTypeTable({ dataTypes, canManage, isGlobalAdmin, onEdit, onDelete }: DataTypeTableProps) {
  const columns = useMemo<GridColDef<DataType>[]>(() => {
    const list: GridColDef<DataType>[] = [
      { field: 'name', headerName: 'Name', flex: 1, minWidth: 150 },
      { field: 'dataFieldName', headerName: 'Data Field Name', flex: 1, minWidth: 160 },
      {
        field: 'type',
        headerName: 'Type',
        width: 110,
        valueGetter: (_value, row) => DATA_TYPE_KIND_LABELS[row.type],
        renderCell: ({ row }) => (
          <Chip size="small" variant="outlined" color={row.type === 'dynamic' ? 'primary' : 'default'} label={DATA_TYPE_KIND_LABELS[row.type]} />
        ),
      },
      { field: 'description', headerName: 'Description', flex: 1.5, minWidth: 180, valueGetter: (_value, row) => row.description ?? '' },
      { field: 'companyName', headerName: 'Company', flex: 1, minWidth: 130, valueGetter: (_value, row) => companyLabel(row) },
      { field: 'createdByName', headerName: 'Created By', flex: 1, minWidth: 140, valueGetter: (_value, row) => creatorLabel(row) },
    ];
    if (canManage) {
      list.push({
        field: 'actions',
        type: 'actions',
        headerName: 'Actions',
        width: 100,
        getActions: ({ row }) =>
          mayChange(row, isGlobalAdmin)
            ? [
                <GridActionsCellItem key="edit" icon={<EditOutlinedIcon />} label={`Edit ${row.name}`} onClick={() => onEdit(row)} />,
                <GridActionsCellItem key="delete" icon={<DeleteOutlinedIcon />} label={`Delete ${row.name}`} onClick={() => onDelete(row)} />,
              ]
            : [],
      });
    }
    return list;
  }, [canManage, isGlobalAdmin, onDelete, onEdit]);

  return <DataTable rows={dataTypes} columns={columns} label="Data types" maxHeight={640} initialSort={[{ field: 'name', sort: 'asc' }]} />;
});

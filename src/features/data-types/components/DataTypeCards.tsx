import { memo, useMemo } from 'react';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DATA_TYPE_KIND_LABELS, type DataType } from '@domain/dataTypes/dataTypes';
import { useRevealInBatches } from '@/lib/useRevealInBatches';
import { companyLabel, creatorLabel, mayChange } from '../filtering';
import type { DataTypeTableProps } from './DataTypeTable';

/** A phone shows about this many cards: the rest are put on the page in further steps. */
const CARDS_PER_STEP = 8;

const byName = (a: DataType, b: DataType) => a.name.localeCompare(b.name);

/**
 * The data types at phone width: a card per type, sorted by name as the grid is, with the grid's
 * columns as labelled lines. A seven-column grid does not fit a phone (it scrolls sideways inside
 * its box and hides the actions), and drawing it is most of the page's work on a phone's CPU.
 */
export const DataTypeCards = memo(function DataTypeCards({ dataTypes, canManage, isGlobalAdmin, onEdit, onDelete }: DataTypeTableProps) {
  const sorted = useMemo(() => [...dataTypes].sort(byName), [dataTypes]);
  const drawn = useRevealInBatches(sorted.length, CARDS_PER_STEP);
  return (
    <Stack component="ul" aria-label="Data types" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {sorted.slice(0, drawn).map((dataType) => (
        <DataTypeCard
          key={dataType.id}
          dataType={dataType}
          actions={canManage && mayChange(dataType, isGlobalAdmin)}
          onEdit={onEdit}
          onDelete={onDelete}
        />
      ))}
    </Stack>
  );
});

interface DataTypeCardProps {
  dataType: DataType;
  actions: boolean;
  onEdit: (dataType: DataType) => void;
  onDelete: (dataType: DataType) => void;
}

function DataTypeCard({ dataType, actions, onEdit, onDelete }: DataTypeCardProps) {
  const kind = DATA_TYPE_KIND_LABELS[dataType.type];
  return (
    <Paper component="li" variant="outlined" aria-label={dataType.name} sx={{ p: 2, minWidth: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {dataType.name}
          </Typography>
          <Typography variant="body2" sx={{ fontFamily: 'monospace', color: 'text.secondary', overflowWrap: 'anywhere' }}>
            {dataType.dataFieldName}
          </Typography>
        </Box>
        <Chip size="small" variant="outlined" color={dataType.type === 'dynamic' ? 'primary' : 'default'} label={kind} />
      </Stack>
      {dataType.description && (
        <Typography variant="body2" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
          {dataType.description}
        </Typography>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }}>
        <Box component="dl" sx={{ flex: 1, minWidth: 0, m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1 }}>
          <Detail term="Company" value={companyLabel(dataType)} />
          <Detail term="Created By" value={creatorLabel(dataType)} />
        </Box>
        {actions && (
          <Box sx={{ flexShrink: 0 }}>
            <IconButton aria-label={`Edit ${dataType.name}`} onClick={() => onEdit(dataType)}>
              <EditOutlinedIcon />
            </IconButton>
            <IconButton aria-label={`Delete ${dataType.name}`} onClick={() => onDelete(dataType)}>
              <DeleteOutlinedIcon />
            </IconButton>
          </Box>
        )}
      </Stack>
    </Paper>
  );
}

function Detail({ term, value }: { term: string; value: string }) {
  return (
    <>
      <Typography component="dt" variant="caption" sx={{ color: 'text.secondary' }}>
        {term}
      </Typography>
      <Typography component="dd" variant="caption" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </>
  );
}

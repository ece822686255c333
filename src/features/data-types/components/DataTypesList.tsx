/**
 * The list's body: the load failure with Retry, a spinner, "no data types" (with Create for those
 * who may), "none match the filters" (with Clear Filters), or the types as a grid (cards on phones).
 */
import { lazy, Suspense, type ReactNode } from 'react';
import CategoryOutlinedIcon from '@mui/icons-material/CategoryOutlined';
import FilterAltOffOutlinedIcon from '@mui/icons-material/FilterAltOffOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { DATA_TYPE_MESSAGES, type DataType } from '@domain/dataTypes/dataTypes';
import { failureReason } from '@/lib/failure';
import { FailureAlert } from '@/ui/FailureAlert';

/** The theme's `sm` breakpoint: narrower than this, the list is drawn as cards. */
const WIDER_THAN_PHONE = '(min-width:600px)';
// The grid is most of the page's code. Phones get cards instead (DataTypeCards) and never download
// it. Whichever the screen draws starts downloading with the page, beside the list's fetch, and the
// heading, filters and form do not wait for it.
const loadTable = () => import('./DataTypeTable');
const loadCards = () => import('./DataTypeCards');
if (typeof window !== 'undefined' && window.matchMedia) void (window.matchMedia(WIDER_THAN_PHONE).matches ? loadTable() : loadCards());
const DataTypeTable = lazy(async () => ({ default: (await loadTable()).DataTypeTable }));
const DataTypeCards = lazy(async () => ({ default: (await loadCards()).DataTypeCards }));

export interface DataTypesListProps {
  /** Every type fetched, or undefined while loading. */
  all: readonly DataType[] | undefined;
  shown: DataType[];
  error: unknown;
  onRetry: () => void;
  canManage: boolean;
  isGlobalAdmin: boolean;
  /** Create Data Type, offered in the empty state while no form is open. */
  createButton: ReactNode;
  onClearFilters: () => void;
  onEdit: (dataType: DataType) => void;
  onDelete: (dataType: DataType) => void;
}

export function DataTypesList({ all, shown, error, onRetry, canManage, isGlobalAdmin, createButton, onClearFilters, onEdit, onDelete }: DataTypesListProps) {
  const wide = useMediaQuery(WIDER_THAN_PHONE, { noSsr: true });
  const TypesList = wide ? DataTypeTable : DataTypeCards;
  if (error) return <FailureAlert title={DATA_TYPE_MESSAGES.loadFailed(failureReason(error) ?? 'Unknown error')} error={null} onRetry={onRetry} />;
  if (!all) return <Spinner />;
  if (all.length === 0) {
    return (
      <EmptyState title={DATA_TYPE_MESSAGES.noneFound} icon={<CategoryOutlinedIcon />}>
        <Typography sx={{ color: 'text.secondary' }}>{canManage ? DATA_TYPE_MESSAGES.noneFoundHint : 'Data types created by your administrators will appear here.'}</Typography>
        {createButton}
      </EmptyState>
    );
  }
  if (shown.length === 0) {
    return (
      <EmptyState title={DATA_TYPE_MESSAGES.noneMatch} icon={<FilterAltOffOutlinedIcon />}>
        <Typography sx={{ color: 'text.secondary' }}>Change or clear the filters to see more data types.</Typography>
        <Button onClick={onClearFilters}>Clear Filters</Button>
      </EmptyState>
    );
  }
  return (
    <Suspense fallback={<Spinner />}>
      <TypesList dataTypes={shown} canManage={canManage} isGlobalAdmin={isGlobalAdmin} onEdit={onEdit} onDelete={onDelete} />
    </Suspense>
  );
}

export function Spinner({ label = 'Loading data types', minHeight }: { label?: string; minHeight?: number }) {
  return (
    <Stack sx={{ alignItems: 'center', justifyContent: 'center', py: 6, minHeight }}>
      <CircularProgress aria-label={label} />
    </Stack>
  );
}

function EmptyState({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center', py: 6, color: 'text.secondary', '& > svg': { fontSize: 48 } }}>
      {icon}
      <Typography variant="h6" component="h3" sx={{ color: 'text.primary' }}>
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { AudienceCategory, AudienceView, CategoryId } from '@domain/audience/contract';
import { visuallyHidden } from '@/ui/visuallyHidden';
import { formatCount, formatPercent } from '../format';
import { CATEGORY_LABELS } from '../labels';
import { describeQuery } from '../query';

export interface CategoryTableProps {
  categories: AudienceCategory[];
  /** Saved views, listed after the built-in categories as custom ones. */
  views: AudienceView[];
  onViewUsers: (categoryId: CategoryId) => void;
  onOpenView: (view: AudienceView) => void;
  onDeleteView: (view: AudienceView) => void;
}

function Traits({ traits }: { traits: string[] }) {
  if (!traits.length) return <>—</>;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {traits.map((trait) => (
        <Chip key={trait} size="small" variant="outlined" label={trait} />
      ))}
    </Stack>
  );
}

/** Every category with its rule in words, its size, coverage and traits, and a way into its users. */
export function CategoryTable({ categories, views, onViewUsers, onOpenView, onDeleteView }: CategoryTableProps) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={CATEGORY_LABELS.table}>
        <TableHead>
          <TableRow>
            <TableCell>{CATEGORY_LABELS.name}</TableCell>
            <TableCell>{CATEGORY_LABELS.description}</TableCell>
            <TableCell align="right">{CATEGORY_LABELS.users}</TableCell>
            <TableCell align="right">{CATEGORY_LABELS.coverage}</TableCell>
            <TableCell>{CATEGORY_LABELS.topTraits}</TableCell>
            {/* Positioned, so the hidden label stays inside the cell. */}
            <TableCell sx={{ position: 'relative' }}>
              <Box component="span" sx={visuallyHidden}>
                Actions
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {categories.length === 0 && views.length === 0 && (
            <TableRow>
              <TableCell colSpan={6}>
                <Typography variant="body2" sx={{ color: 'text.secondary', py: 2 }}>
                  {CATEGORY_LABELS.noCategories}
                </Typography>
              </TableCell>
            </TableRow>
          )}
          {categories.map((category) => (
            <TableRow key={category.id} hover>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                {category.name}
              </TableCell>
              <TableCell>{category.description}</TableCell>
              <TableCell align="right">{formatCount(category.userCount)}</TableCell>
              <TableCell align="right">{formatPercent(category.coverage)}</TableCell>
              <TableCell>
                <Traits traits={category.topTraits} />
              </TableCell>
              <TableCell align="right">
                <Button size="small" onClick={() => onViewUsers(category.id)} aria-label={`${CATEGORY_LABELS.viewUsers}: ${category.name}`}>
                  {CATEGORY_LABELS.viewUsers}
                </Button>
              </TableCell>
            </TableRow>
          ))}
          {views.map((view) => (
            <TableRow key={view.id} hover>
              <TableCell component="th" scope="row">
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {view.name}
                  </Typography>
                  <Chip size="small" color="secondary" variant="outlined" label={CATEGORY_LABELS.customView} />
                </Stack>
              </TableCell>
              <TableCell>{view.description || describeQuery({ ...view.filters, search: view.search }, view.categoryId).join(' · ') || '—'}</TableCell>
              <TableCell align="right">{formatCount(view.userCount)}</TableCell>
              <TableCell align="right">{formatPercent(view.coverage)}</TableCell>
              <TableCell>—</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <Button size="small" onClick={() => onOpenView(view)} aria-label={`${CATEGORY_LABELS.viewUsers}: ${view.name}`}>
                  {CATEGORY_LABELS.viewUsers}
                </Button>
                <IconButton size="small" aria-label={`${CATEGORY_LABELS.deleteView} ${view.name}`} onClick={() => onDeleteView(view)}>
                  <DeleteOutlineIcon fontSize="small" />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FIELD_MAPPING_LABELS } from '@domain/data/fields';
import { SelectField } from '@/ui/SelectField';
import { sourceFilterOptions } from './fieldSources';
import type { FieldList } from './useFieldList';

/** The Source filter, the name search and the count of fields shown. */
export function FieldFilters({ list }: { list: FieldList }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
      <SelectField size="small" label="Source" value={list.chosenSource} options={sourceFilterOptions(list.sources)} onChange={list.setSourceFilter} sx={{ minWidth: 200 }} />
      <TextField
        size="small"
        type="search"
        label={FIELD_MAPPING_LABELS.search}
        value={list.search}
        onChange={(event) => list.setSearch(event.target.value)}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
        sx={{ flexGrow: 1, maxWidth: { sm: 360 } }}
      />
      <Typography variant="body2" sx={{ color: 'text.secondary', ml: { sm: 'auto' } }} aria-live="polite">
        {FIELD_MAPPING_LABELS.shownOfTotal(list.shown.length, list.active.length)}
      </Typography>
    </Stack>
  );
}

/** No source connected: how fields get here. */
export function NoFieldsYet() {
  return (
    <Box sx={{ py: 2, textAlign: 'center' }}>
      <Typography variant="subtitle1" component="h3">
        No fields to map yet
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', maxWidth: 520, mx: 'auto' }}>
        Fields appear here once data is connected: connect a source from Available Sources, or import a CSV, JSON or Excel file with Import a file. Each
        field can then be mapped to the unified data model.
      </Typography>
    </Box>
  );
}

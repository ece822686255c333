/** "Select Fields to Export" (specification, section 2): the ten fields, Select All, Clear All and the count. */
import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EXPORT_FIELDS, EXPORT_LABELS, type ExportField, type ExportFieldId } from '@domain/audience/export';
import { EXPORT_TEXT, FIELD_TYPE_LABELS } from './labels';

export interface FieldSelectionCardProps {
  selected: ReadonlySet<ExportFieldId>;
  onChange: (selected: Set<ExportFieldId>) => void;
}

export function FieldSelectionCard({ selected, onChange }: FieldSelectionCardProps) {
  const headingId = useId();
  const toggle = (id: ExportFieldId, checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(id);
    else next.delete(id);
    onChange(next);
  };
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 3 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Box>
          <Typography id={headingId} variant="h6" component="h2">
            {EXPORT_LABELS.selectFields}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }} aria-live="polite">
            {EXPORT_TEXT.selectedCount(selected.size, EXPORT_FIELDS.length)}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1}>
          <Button onClick={() => onChange(new Set(EXPORT_FIELDS.map((field) => field.id)))} disabled={selected.size === EXPORT_FIELDS.length}>
            {EXPORT_LABELS.selectAll}
          </Button>
          <Button onClick={() => onChange(new Set())} disabled={selected.size === 0}>
            {EXPORT_LABELS.clearAll}
          </Button>
        </Stack>
      </Stack>
      <Grid container spacing={1.5} sx={{ mt: 2 }}>
        {EXPORT_FIELDS.map((field) => (
          <Grid key={field.id} size={{ xs: 12, md: 6 }}>
            <FieldOption field={field} checked={selected.has(field.id)} onToggle={(checked) => toggle(field.id, checked)} />
          </Grid>
        ))}
      </Grid>
    </Paper>
  );
}

function FieldOption({ field, checked, onToggle }: { field: ExportField; checked: boolean; onToggle: (checked: boolean) => void }) {
  const descriptionId = useId();
  return (
    <Box
      sx={{
        height: '100%',
        border: 1,
        borderColor: checked ? 'primary.main' : 'divider',
        borderRadius: 1,
        px: 1.5,
        py: 1,
        display: 'flex',
        alignItems: 'flex-start',
        gap: 1,
      }}
    >
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <FormControlLabel
          control={<Checkbox checked={checked} onChange={(event) => onToggle(event.target.checked)} slotProps={{ input: { 'aria-describedby': descriptionId } }} />}
          label={<Typography sx={{ fontWeight: 500 }}>{field.name}</Typography>}
          sx={{ mr: 0 }}
        />
        <Typography id={descriptionId} variant="body2" sx={{ color: 'text.secondary', pl: 4 }}>
          {field.description}
        </Typography>
      </Box>
      <Chip label={FIELD_TYPE_LABELS[field.type]} size="small" variant="outlined" sx={{ mt: 1, flexShrink: 0 }} />
    </Box>
  );
}

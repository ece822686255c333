/** How a field is named on the mapping screens: its label first, its own and internal names small, and what it maps to. */
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { MappedField } from '@domain/data/fields';
import { fieldLabel } from '@domain/data/fieldLabels';
import { visuallyHidden } from '@/ui/visuallyHidden';
import { unifiedLabel } from './unifiedOptions';

/** "Customer ID" for customer_id. */
export const labelOf = (field: Pick<MappedField, 'name'>) => fieldLabel(field.name);

const MONO = { fontFamily: 'monospace', overflowWrap: 'anywhere' } as const;

/** A name as the data holds it (customer_id, acme-customers.csv_customer_id): small and in monospace. */
export function CodeName({ children }: { children: string }) {
  return (
    <Typography component="span" variant="caption" sx={{ ...MONO, color: 'text.secondary', display: 'block' }}>
      {children}
    </Typography>
  );
}

/** The label, and below it the field's own name when the label differs from it. */
export function FieldTitle({ field }: { field: MappedField }) {
  const label = labelOf(field);
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="span" variant="body2" sx={{ fontWeight: 600, display: 'block', overflowWrap: 'anywhere' }}>
        {label}
      </Typography>
      {label !== field.name && <CodeName>{field.name}</CodeName>}
    </Box>
  );
}

/** "→ User ID" beside a mapped field (read as "Mapped to User ID"). */
export function MappedChip({ unifiedField }: { unifiedField: string }) {
  return (
    <Chip
      size="small"
      color="primary"
      variant="outlined"
      icon={<ArrowForwardIcon />}
      label={
        <>
          <Box component="span" sx={visuallyHidden}>
            Mapped to{' '}
          </Box>
          {unifiedLabel(unifiedField)}
        </>
      }
      title={`Mapped to the unified field ${unifiedField}`}
    />
  );
}

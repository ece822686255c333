import Checkbox from '@mui/material/Checkbox';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CustomAttribute } from '@domain/prediction/contract';
import type { AttributeEntry } from './liveTestRequest';

const PLACEHOLDERS: Record<CustomAttribute['type'], string> = {
  string: 'text',
  number: 'e.g. 120',
  boolean: 'true or false',
  array: 'e.g. ["a", "b"]',
  object: 'e.g. {"size": 42}',
};

export interface AttributeInputsProps {
  attributes: readonly CustomAttribute[];
  entries: Record<string, AttributeEntry>;
  errors?: Record<string, string>;
  onChange: (name: string, entry: AttributeEntry) => void;
}

/** The company's custom attributes, each with a tick and a value: only ticked ones with a value are sent. */
export function AttributeInputs({ attributes, entries, errors = {}, onChange }: AttributeInputsProps) {
  if (attributes.length === 0) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        No custom attributes yet
      </Typography>
    );
  }
  return (
    <Stack spacing={1}>
      {attributes.map((attribute) => {
        const entry = entries[attribute.name] ?? { ticked: false, value: '' };
        return (
          <Stack key={attribute.id} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <Checkbox
              checked={entry.ticked}
              onChange={(_event, ticked) => onChange(attribute.name, { ...entry, ticked })}
              slotProps={{ input: { 'aria-label': `Send ${attribute.name}` } }}
            />
            <TextField
              size="small"
              fullWidth
              label={`${attribute.name} (${attribute.type})`}
              placeholder={PLACEHOLDERS[attribute.type]}
              value={entry.value}
              error={Boolean(errors[attribute.name])}
              helperText={errors[attribute.name]}
              onChange={(event) => onChange(attribute.name, { ticked: entry.ticked || event.target.value !== '', value: event.target.value })}
            />
          </Stack>
        );
      })}
    </Stack>
  );
}

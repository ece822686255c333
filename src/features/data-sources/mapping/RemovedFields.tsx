import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { FIELD_MAPPING_LABELS, type MappedField } from '@domain/data/fields';
import { DATA_SOURCE_MESSAGES } from '@domain/data/sources';
import { useNotify } from '@/lib/notifications';
import { FailureAlert } from '@/ui/FailureAlert';
import { useUpdateField } from './api';
import { CodeName, labelOf } from './FieldNames';

export interface RemovedFieldsProps {
  fields: readonly MappedField[];
  companyId: string | null;
  disabled: boolean;
}

/** The fields removed from the mapping, each with Restore. */
export function RemovedFields({ fields, companyId, disabled }: RemovedFieldsProps) {
  const titleId = useId();
  const notify = useNotify();
  const restore = useUpdateField();
  const restoreField = (field: MappedField) =>
    restore.mutate({ name: field.name, removed: false, companyId }, { onSuccess: () => notify.success(DATA_SOURCE_MESSAGES.fieldRestored(field.name)) });
  return (
    <Box>
      <Typography id={titleId} variant="subtitle1" component="h3">
        Removed fields
      </Typography>
      {fields.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No field has been removed from the mapping.
        </Typography>
      ) : (
        <List dense aria-labelledby={titleId}>
          {fields.map((field) => (
            <ListItem
              key={`${field.isCustom}-${field.id}`}
              secondaryAction={
                <Button
                  size="small"
                  onClick={() => restoreField(field)}
                  disabled={disabled || (restore.isPending && restore.variables?.name === field.name)}
                  aria-label={`${FIELD_MAPPING_LABELS.restore} ${labelOf(field)}`}
                >
                  {FIELD_MAPPING_LABELS.restore}
                </Button>
              }
            >
              <ListItemText
                primary={labelOf(field)}
                secondary={field.isCustom ? 'Custom field' : <CodeName>{`${field.internalName} · ${field.sources.join(', ')}`}</CodeName>}
              />
            </ListItem>
          ))}
        </List>
      )}
      {restore.isError && <FailureAlert title="Failed to restore field" error={restore.error} />}
    </Box>
  );
}

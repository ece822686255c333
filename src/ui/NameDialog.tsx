import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ModalDialog } from './ModalDialog';

export interface NameDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** The text field's label. */
  label: string;
  submitLabel: string;
  cancelLabel?: string;
  /** Called with the name trimmed, never blank; the caller closes the dialog when it is done. */
  onSubmit: (name: string) => void;
  /** Every edit of the name, e.g. to clear a message about the last one. */
  onNameChange?: (name: string) => void;
  /** The longest name; shows a counter under the field. */
  maxLength?: number;
  /** Marks the field required (an asterisk on its label); a blank name is never submitted either way. */
  required?: boolean;
  /** The dialog's width; 'sm' where the notice shows more than a line or two. */
  maxWidth?: 'xs' | 'sm';
  /** Keeps the submit button disabled whatever the name, e.g. when there is nothing to save. */
  submitDisabled?: boolean;
  /** While the name is being acted on: the field and the submit button wait. */
  busy?: boolean;
  /** A line above the field: what is being named. */
  description?: ReactNode;
  /** Under the field: why the name cannot be used, or what went wrong with it. */
  notice?: ReactNode;
  /** Names offered as the user types (any other name may still be typed). */
  suggestions?: readonly string[];
}

// Downloaded only by a dialog that offers names (Autocomplete and its popper are not small).
const SuggestedNameField = lazy(async () => ({ default: (await import('./SuggestedNameField')).SuggestedNameField }));

/** A dialog asking for one name: Enter or the submit button submits it once it is not blank. */
export function NameDialog({ open, ...form }: NameDialogProps) {
  // A fresh, empty field on every opening.
  return open ? <NameForm {...form} /> : null;
}

function NameForm({
  onClose,
  title,
  label,
  submitLabel,
  cancelLabel = 'Cancel',
  onSubmit,
  onNameChange,
  maxLength,
  required,
  maxWidth = 'xs',
  submitDisabled = false,
  busy = false,
  description,
  notice,
  suggestions,
}: Omit<NameDialogProps, 'open'>) {
  const formId = useId();
  const [name, setName] = useState('');
  const trimmed = name.trim();
  const edit = (value: string) => {
    setName(value);
    onNameChange?.(value);
  };
  const plainField = (
    <TextField
      label={label}
      value={name}
      onChange={(event) => edit(event.target.value)}
      required={required}
      autoFocus
      fullWidth
      disabled={busy}
      {...(maxLength !== undefined && {
        slotProps: { htmlInput: { maxLength } },
        helperText: `${name.length}/${maxLength}`,
      })}
    />
  );
  const canSubmit = trimmed !== '' && !busy && !submitDisabled;

  return (
    <ModalDialog
      open
      onClose={onClose}
      title={title}
      maxWidth={maxWidth}
      actions={
        <>
          <Button onClick={onClose}>{cancelLabel}</Button>
          <Button type="submit" form={formId} variant="contained" disabled={!canSubmit}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <Stack
        component="form"
        id={formId}
        noValidate
        spacing={2}
        sx={{ pt: 1 }}
        onSubmit={(event) => {
          event.preventDefault();
          // Enter submits the form even while the button is disabled.
          if (canSubmit) onSubmit(trimmed);
        }}
      >
        {description && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {description}
          </Typography>
        )}
        {suggestions ? (
          <Suspense fallback={plainField}>
            <SuggestedNameField label={label} value={name} onChange={edit} suggestions={suggestions} required={required} disabled={busy} />
          </Suspense>
        ) : (
          plainField
        )}
        {notice}
      </Stack>
    </ModalDialog>
  );
}

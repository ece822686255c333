import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { CATEGORY_SEARCH_MIN_MS, DASHBOARD_MESSAGES, type CategoryLookup } from '@domain/dashboard/contract';
import { failureReason } from '@/lib/failure';
import { ModalDialog } from '@/ui/ModalDialog';

export const ADD_CATEGORY_LABELS = {
  title: 'Add Category',
  add: 'Add',
  cancel: 'Cancel',
  alreadyShown: (name: string) => `"${name}" is already on the chart.`,
  full: (max: number) => `The chart holds at most ${max} added categories.`,
} as const;

export interface AddCategoryDialogProps {
  open: boolean;
  onClose: () => void;
  /** Looks the name up among the company's audience categories and saved views; rejects with the server's reason. */
  onLookup: (name: string) => Promise<CategoryLookup>;
  /** The category found; the dialog closes after it. */
  onAdd: (category: CategoryLookup) => void;
  /** Names already on the chart (compared without case). */
  shownNames: readonly string[];
  /** The most categories that may be added, set once that many are: the dialog says so instead of searching. */
  limitReached?: number;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** "+ Add Category": a name, and Add showing "Searching..." while the server looks it up. */
export function AddCategoryDialog({ open, onClose, ...form }: AddCategoryDialogProps) {
  // A fresh form on every opening: no name or message left from the last search.
  return open ? <AddCategoryForm onClose={onClose} {...form} /> : null;
}

function AddCategoryForm({ onClose, onLookup, onAdd, shownNames, limitReached }: Omit<AddCategoryDialogProps, 'open'>) {
  const formId = useId();
  const [name, setName] = useState('');
  const [searching, setSearching] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const trimmed = name.trim();

  const submit = async () => {
    // A blank or whitespace-only name is not added (section 2).
    if (!trimmed || searching) return;
    if (shownNames.some((shown) => shown.toLowerCase() === trimmed.toLowerCase())) {
      setProblem(ADD_CATEGORY_LABELS.alreadyShown(trimmed));
      return;
    }
    if (limitReached !== undefined) {
      setProblem(ADD_CATEGORY_LABELS.full(limitReached));
      return;
    }
    setProblem(null);
    setSearching(true);
    // "Searching..." stays long enough to be read even when the answer is instant.
    const [outcome] = await Promise.allSettled([onLookup(trimmed), wait(CATEGORY_SEARCH_MIN_MS)]);
    setSearching(false);
    if (outcome.status === 'fulfilled') {
      onAdd(outcome.value);
      onClose();
    } else {
      setProblem(failureReason(outcome.reason) ?? DASHBOARD_MESSAGES.categoryNotFound(trimmed));
    }
  };

  return (
    <ModalDialog
      open
      onClose={onClose}
      title={ADD_CATEGORY_LABELS.title}
      maxWidth="xs"
      actions={
        <>
          <Button onClick={onClose}>{ADD_CATEGORY_LABELS.cancel}</Button>
          <Button type="submit" form={formId} variant="contained" disabled={!trimmed || searching}>
            {searching ? DASHBOARD_MESSAGES.searching : ADD_CATEGORY_LABELS.add}
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
          void submit();
        }}
      >
        <TextField
          label={DASHBOARD_MESSAGES.categoryName}
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setProblem(null);
          }}
          autoFocus
          fullWidth
          disabled={searching}
        />
        {problem && (
          <Alert severity="warning" role="alert">
            {problem}
          </Alert>
        )}
      </Stack>
    </ModalDialog>
  );
}

import { useState } from 'react';
import Alert from '@mui/material/Alert';
import { CATEGORY_SEARCH_MIN_MS, DASHBOARD_MESSAGES, type CategoryChoice, type CategoryLookup } from '@domain/dashboard/contract';
import { failureReason } from '@/lib/failure';
import { NameDialog } from '@/ui/NameDialog';

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
  /** What can be added (GET /api/dashboard/categories), offered as the user types; undefined while loading. */
  choices?: readonly CategoryChoice[];
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** "+ Add Category": a name (the categories and saved views offered as it is typed), and Add showing "Searching..." while the server looks it up. */
export function AddCategoryDialog({ open, onClose, ...form }: AddCategoryDialogProps) {
  // A fresh form on every opening: no name or message left from the last search.
  return open ? <AddCategoryForm onClose={onClose} {...form} /> : null;
}

function AddCategoryForm({ onClose, onLookup, onAdd, shownNames, limitReached, choices }: Omit<AddCategoryDialogProps, 'open'>) {
  const [searching, setSearching] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const shown = new Set(shownNames.map((name) => name.toLowerCase()));
  const suggestions = choices?.map((choice) => choice.name).filter((name) => !shown.has(name.toLowerCase()));

  const submit = async (name: string) => {
    if (shownNames.some((shown) => shown.toLowerCase() === name.toLowerCase())) {
      setProblem(ADD_CATEGORY_LABELS.alreadyShown(name));
      return;
    }
    if (limitReached !== undefined) {
      setProblem(ADD_CATEGORY_LABELS.full(limitReached));
      return;
    }
    setProblem(null);
    setSearching(true);
    // "Searching..." stays long enough to be read even when the answer is instant.
    const [outcome] = await Promise.allSettled([onLookup(name), wait(CATEGORY_SEARCH_MIN_MS)]);
    setSearching(false);
    if (outcome.status === 'fulfilled') {
      onAdd(outcome.value);
      onClose();
    } else {
      setProblem(failureReason(outcome.reason) ?? DASHBOARD_MESSAGES.categoryNotFound(name));
    }
  };

  return (
    <NameDialog
      open
      onClose={onClose}
      title={ADD_CATEGORY_LABELS.title}
      label={DASHBOARD_MESSAGES.categoryName}
      submitLabel={searching ? DASHBOARD_MESSAGES.searching : ADD_CATEGORY_LABELS.add}
      cancelLabel={ADD_CATEGORY_LABELS.cancel}
      // A blank or whitespace-only name never reaches the lookup (section 2).
      onSubmit={(name) => void submit(name)}
      onNameChange={() => setProblem(null)}
      busy={searching}
      description={DASHBOARD_MESSAGES.categoryExplained}
      suggestions={suggestions ?? []}
      notice={
        problem && (
          <Alert severity="warning" role="alert">
            {problem}
          </Alert>
        )
      }
    />
  );
}

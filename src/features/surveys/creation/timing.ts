/** The creator's timings (data document, section 9, "Timings"). */

/** A current draft is saved this long after the last change to the survey. */
export const AUTOSAVE_DELAY_MS = 2_000;
/** The draft name is saved this long after typing stops (or at once on blur). */
export const NAME_SAVE_DELAY_MS = 1_000;
/** How long a save button shows its saved state. */
export const SAVED_FLAG_MS = 3_000;
/** How long the rename toasts of the drafts grid stay. */
export const TOAST_MS = 3_000;

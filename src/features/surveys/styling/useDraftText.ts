import { useCallback, useState } from 'react';

/**
 * The text of a field whose value lives outside it: what was typed, while the value it was typed
 * for is still the field's value; the value itself once that changes from outside (a slider, a
 * loaded theme) or the draft is settled (the field left).
 */
export function useDraftText(value: string) {
  const [draft, setDraft] = useState<{ text: string; value: string } | null>(null);
  const text = draft !== null && draft.value === value ? draft.text : value;
  /** `standsFor`: the value the typed text keeps, which the field's owner is being handed (or already has). */
  const type = useCallback((typed: string, standsFor: string) => setDraft({ text: typed, value: standsFor }), []);
  const settle = useCallback(() => setDraft(null), []);
  return { text, type, settle };
}

import { useEffect } from 'react';
import type { FieldValues, UseFormWatch } from 'react-hook-form';

/**
 * A connection test's result speaks of the values it tested: a change to them makes it stale.
 * `prefix`: only the fields under it were tested (settings.); without it, every field was.
 */
export function useStaleTestReset<T extends FieldValues>(watch: UseFormWatch<T>, resetTest: () => void, prefix?: string) {
  useEffect(() => {
    const subscription = watch((_values, { name }) => {
      if (!prefix || name?.startsWith(prefix)) resetTest();
    });
    return () => subscription.unsubscribe();
  }, [watch, resetTest, prefix]);
}

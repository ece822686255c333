import { get, useController, useFormContext, useFormState, type FieldError, type FieldPath, type FieldPathValue } from 'react-hook-form';
import type { DisplayEditorValues } from '../displayEditorForm';

/** One field of the Custom Display form: its value, its setter, and the message its check gave. */
export function useEditorField<Name extends FieldPath<DisplayEditorValues>>(name: Name) {
  const { control } = useFormContext<DisplayEditorValues>();
  const { field, fieldState } = useController({ control, name });
  return {
    value: field.value as FieldPathValue<DisplayEditorValues, Name>,
    onChange: (value: FieldPathValue<DisplayEditorValues, Name>) => field.onChange(value),
    error: fieldState.error?.message,
  };
}

/**
 * The message of a path inside a field another control owns (one identifier's field name inside
 * the identifier fields), without registering that path as a second field.
 */
export function useFieldError(name: FieldPath<DisplayEditorValues>): string | undefined {
  const { control } = useFormContext<DisplayEditorValues>();
  const { errors } = useFormState({ control, name });
  return (get(errors, name) as FieldError | undefined)?.message;
}

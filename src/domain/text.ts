/**
 * Text fields of the shared schemas. Values are stored trimmed; the BFF validates strictly (no
 * transforms) and then casts, which applies the trim, so a blank value must fail its own test
 * with the same message the forms show.
 */
import * as yup from 'yup';

const isNotBlank = (value: string | null | undefined) => value === undefined || value === null || value.trim() !== '';

export const trimmed = (max: number) =>
  yup
    .string()
    .max(max, `Must be at most ${max} characters`)
    .transform((value: unknown) => (typeof value === 'string' ? value.trim() : value));

export const requiredTrimmed = (message: string, max: number) => trimmed(max).required(message).test('not-blank', message, isNotBlank);

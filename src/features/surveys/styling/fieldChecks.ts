/**
 * The styling fields check what is typed against the survey's own schemas (the BFF stores nothing
 * else), one field at a time: a field shows its message and passes on only acceptable values.
 */
import * as yup from 'yup';
import { logoSchema, surveySettingsSchema, themeSchema } from '@domain/survey/schemas';

export function valueProblem(schema: yup.Schema, value: unknown): string | null {
  try {
    schema.validateSync(value);
    return null;
  } catch (error) {
    if (!(error instanceof yup.ValidationError)) throw error;
    return error.type === 'required' || error.type === 'optionality' ? 'Required' : error.message;
  }
}

const at = (schema: yup.Schema, path: string) => yup.reach(schema, path) as yup.Schema;

export const styleFieldSchemas = {
  colour: at(themeSchema, 'primaryColor'),
  width: at(surveySettingsSchema, 'layout.width'),
  maxWidth: at(surveySettingsSchema, 'layout.maxWidth'),
  padding: at(surveySettingsSchema, 'layout.padding'),
  logoUrl: at(logoSchema, 'url'),
  logoSize: at(logoSchema, 'width'),
  logoMargin: at(logoSchema, 'margin'),
} as const;

/** '#abc' → '#aabbcc': the colour input takes only six-digit colours. */
export function sixDigitColour(value: string): string {
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])[0-9a-f]?$/i.exec(value);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase();
  const long = /^#([0-9a-f]{6})(?:[0-9a-f]{2})?$/i.exec(value);
  return long ? `#${long[1].toLowerCase()}` : '#000000';
}

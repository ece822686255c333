import { ValidationError, type AnyObjectSchema, type InferType } from 'yup';
import { badRequest, fromValidationError } from './errors';

/**
 * Validates a request body with a schema shared with the dashboard. Strict: no coercion, so a
 * number where a string belongs is refused rather than silently converted. The valid body is then
 * cast, which only applies the schema's own transforms and defaults (names are stored trimmed).
 */
export async function validateBody<Schema extends AnyObjectSchema>(schema: Schema, body: unknown): Promise<InferType<Schema>> {
  const input = body ?? {};
  if (typeof input !== 'object' || Array.isArray(input)) {
    throw badRequest('Invalid request body', 'The request body must be a JSON object.');
  }
  try {
    const valid = await schema.validate(input, { strict: true, abortEarly: false });
    return schema.cast(valid);
  } catch (failure) {
    if (failure instanceof ValidationError) throw fromValidationError(failure);
    throw failure;
  }
}

import { ValidationError, type AnyObjectSchema, type InferType } from 'yup';
import { badRequest, fromValidationError } from './errors';

/**
 * Validates a request body with a schema shared with the dashboard. Strict: no coercion, so a
 * number where a string belongs is refused rather than silently converted.
 */
export async function validateBody<Schema extends AnyObjectSchema>(schema: Schema, body: unknown): Promise<InferType<Schema>> {
  const input = body ?? {};
  if (typeof input !== 'object' || Array.isArray(input)) {
    throw badRequest('Invalid request body', 'The request body must be a JSON object.');
  }
  try {
    return await schema.validate(input, { strict: true, abortEarly: false });
  } catch (failure) {
    if (failure instanceof ValidationError) throw fromValidationError(failure);
    throw failure;
  }
}

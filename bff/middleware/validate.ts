import { ValidationError, type AnyObjectSchema, type InferType } from 'yup';
import { PATH_PARAMS, type PathParam } from '@domain/params';
import type { AppContext, AppMiddleware } from '../types';
import { apiError, fromValidationError } from '../platform/errors';

/**
 * Validates a request body with a schema shared with the dashboard. Strict: no coercion, so a
 * number where a string belongs is refused rather than silently converted. The valid body is then
 * cast, which only applies the schema's own transforms and defaults (names are stored trimmed).
 */
export async function validateBody<Schema extends AnyObjectSchema>(schema: Schema, body: unknown): Promise<InferType<Schema>> {
  const input = body ?? {};
  if (typeof input !== 'object' || Array.isArray(input)) throw apiError('invalid_body');
  try {
    const valid = await schema.validate(input, { strict: true, abortEarly: false });
    return schema.cast(valid);
  } catch (failure) {
    if (failure instanceof ValidationError) throw fromValidationError(failure);
    throw failure;
  }
}

/** A 400 naming the parameters; `name` is the path parameter a single-value rule was checking (its failure has no path of its own). */
function parameterFailure(failure: unknown, name?: string): unknown {
  if (!(failure instanceof ValidationError)) return failure;
  if (name) return apiError('invalid_parameter', { error: failure.message, message: `Check these parameters: ${name}.`, fields: { [name]: failure.message } });
  const { error, fields } = fromValidationError(failure);
  return apiError('invalid_parameter', { error, message: `Check these parameters: ${Object.keys(fields ?? {}).join(', ')}.`, fields });
}

/** What a route accepts in its path and query: read by the tests that send it bad values. */
export interface InputRules {
  params: PathParam[];
  query: string[];
}

export type InputCheck = AppMiddleware & { rules: InputRules };

/**
 * Checks a route's path parameters (each by its rule in src/domain/params.ts) and query (by the
 * route's schema; the valid values go to ctx.state.query) before the route runs. Unknown query
 * parameters are ignored; a repeated one is refused.
 */
export function checkInput(params: PathParam[], query?: AnyObjectSchema): InputCheck {
  const queryKeys = query ? Object.keys(query.fields) : [];
  const rules: InputRules = { params, query: queryKeys };
  // Most routes take neither: they pay nothing here.
  if (!params.length && !query) return Object.assign((_ctx: AppContext, next: () => Promise<unknown>) => next(), { rules });
  const check = (async (ctx, next) => {
    const values = (ctx as { params?: Record<string, string> }).params ?? {};
    for (const name of params) {
      try {
        // Synchronously: every rule is, and a promise per parameter is a cost on every request.
        PATH_PARAMS[name].validateSync(values[name], { strict: true });
      } catch (failure) {
        throw parameterFailure(failure, name);
      }
    }
    try {
      if (query) {
        const given = Object.fromEntries(queryKeys.filter((key) => key in ctx.query).map((key) => [key, ctx.query[key]]));
        ctx.state.query = await query.validate(given, { strict: true, abortEarly: false, stripUnknown: true });
      }
    } catch (failure) {
      throw parameterFailure(failure);
    }
    return next();
  }) as InputCheck;
  check.rules = rules;
  return check;
}

/** The validated query of a route registered with `schema`. */
export function queryOf<Schema extends AnyObjectSchema>(ctx: AppContext, _schema: Schema): InferType<Schema> {
  return (ctx.state.query ?? {}) as InferType<Schema>;
}

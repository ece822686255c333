/**
 * The import's failures, each with a message that says what is wrong with the file, so the
 * dialog can show it as is.
 */
import type { ApiErrorBody } from '@domain/errors';
import type { ImportResult } from '@domain/data/imports';
import { apiError, HttpError } from '../../../platform/errors';

/** 400 validation_failed with one message (a mapping or options problem, not a row's). */
export function invalidOptions(message: string, field = 'options'): HttpError {
  return apiError('validation_failed', { error: message, message, fields: { [field]: message } });
}

/** 400 import_rows_invalid: the body also carries the report, so the dialog can list the rows. */
export class RowsInvalidError extends HttpError {
  constructor(readonly report: ImportResult) {
    const base = apiError('import_rows_invalid');
    super(base.status, base.code, base.error, base.detail);
  }

  override toBody(): ApiErrorBody & { report: ImportResult } {
    return { ...super.toBody(), report: this.report };
  }
}

import { describe, expect, it } from 'vitest';
import { EXPORT_FIELD_IDS, EXPORT_FILE_NAME_MAX, exportFileName } from './export';
import { EXPORT_REQUEST_MESSAGES, exportFieldsOf, exportFieldsParam, exportFileNameProblem, exportQuery, exportRequestOf } from './exportRequest';

describe('export requests', () => {
  it('accepts safe file names up to the limit, trimmed', () => {
    expect(exportFileNameProblem('data_export')).toBeNull();
    expect(exportFileNameProblem('  Q1 customers.v2-final  ')).toBeNull();
    expect(exportFileNameProblem('x'.repeat(EXPORT_FILE_NAME_MAX))).toBeNull();
    expect(exportFileNameProblem(` ${'x'.repeat(EXPORT_FILE_NAME_MAX)} `)).toBeNull();
  });

  it('refuses blank, over-long and unsafe file names', () => {
    expect(exportFileNameProblem('')).toBe(EXPORT_REQUEST_MESSAGES.nameRequired);
    expect(exportFileNameProblem('   ')).toBe(EXPORT_REQUEST_MESSAGES.nameRequired);
    expect(exportFileNameProblem('x'.repeat(EXPORT_FILE_NAME_MAX + 1))).toBe(EXPORT_REQUEST_MESSAGES.nameTooLong);
    for (const unsafe of ['../etc/passwd', 'a/b', 'a\\b', 'say "hi"', "it's", '.hidden', '-flag', 'tab\tname', 'line\nbreak', 'données', 'a;b', 'nul\0'])
      expect(exportFileNameProblem(unsafe), unsafe).toBe(EXPORT_REQUEST_MESSAGES.nameCharacters);
  });

  it('reads a field list once each, in EXPORT_FIELDS order', () => {
    expect(exportFieldsOf('revenue,email, user_id,email')).toEqual(['user_id', 'email', 'revenue']);
    expect(exportFieldsOf(EXPORT_FIELD_IDS.join(','))).toEqual([...EXPORT_FIELD_IDS]);
    expect(exportFieldsOf('email,password')).toBeNull();
    expect(exportFieldsOf('email,')).toBeNull();
    expect(exportFieldsParam(new Set(['source', 'age', 'user_id'] as const))).toBe('user_id,age,source');
    expect(exportFieldsParam([])).toBe('');
  });

  it('checks the query and gives the typed request with the defaults', async () => {
    const valid = await exportQuery.validate({ fields: 'email,name', name: ' q1 ' }, { strict: true });
    expect(exportRequestOf(valid)).toEqual({ fields: ['email', 'name'], range: '30d', name: 'q1' });
    expect(exportFileName(exportRequestOf(valid).name ?? '', '30d')).toBe('q1_30d.csv');
    expect(exportRequestOf(await exportQuery.validate({ fields: 'age', range: 'all' }, { strict: true }))).toEqual({ fields: ['age'], range: 'all' });
    const errorsOf = async (query: Record<string, string>) => {
      try {
        await exportQuery.validate(query, { strict: true, abortEarly: false });
        return [];
      } catch (failure) {
        return (failure as { errors: string[] }).errors;
      }
    };
    expect(await errorsOf({})).toContain(EXPORT_REQUEST_MESSAGES.noFields);
    expect(await errorsOf({ fields: 'email', range: '2w' })).toEqual([EXPORT_REQUEST_MESSAGES.range]);
    expect(await errorsOf({ fields: 'nope' })).toEqual([EXPORT_REQUEST_MESSAGES.fields]);
    expect(await errorsOf({ fields: 'email', name: 'a/b' })).toEqual([EXPORT_REQUEST_MESSAGES.nameCharacters]);
    expect(await errorsOf({ fields: `email${',email'.repeat(60)}` })).toEqual([EXPORT_REQUEST_MESSAGES.fields]);
  });
});

/**
 * What the build needs to know of the company besides its records: its sources, its surveys'
 * questions that feed profile fields, its identifier field names and its items' categories.
 */
import type { SourceKind } from '@domain/audience/contract';
import type { IdentifierFieldNames } from '@domain/audience/identity';
import { sourceKindOfDataSource } from '@domain/audience/sources';
import type { RecordKind } from '@domain/data/unifiedModel';
import { DEFAULT_IDENTIFIER_FIELDS } from '@domain/survey/defaults';
import type { Question, Survey } from '@domain/survey/types';
import type { ResultsDialect } from '../../platform/sql';
import { PAGE_ROWS, textOf, type RawQuery } from './buildRows';

export interface CompanyContext {
  sources: Map<string, { name: string; kind: SourceKind }>;
  surveys: Map<string, { name: string; fieldOfQuestion: Map<string, string> }>;
  identifierFields: IdentifierFieldNames;
  itemCategory: Map<string, string>;
}

export async function companyContext(query: RawQuery, companyId: string, dialect: ResultsDialect): Promise<CompanyContext> {
  const sources = new Map<string, { name: string; kind: SourceKind }>();
  for (const row of await query('select id, name, catalogue_id, record_kind from data_sources where company_id = ?', [companyId])) {
    sources.set(String(row.id), { name: String(row.name), kind: sourceKindOfDataSource(String(row.catalogue_id), row.record_kind as RecordKind) });
  }
  const surveys = await surveyFields(query, companyId, dialect);
  const settings = (await query('select global_identifiers from company_survey_settings where company_id = ?', [companyId]))[0];
  const fields = settings ? dialect.parsedJson<{ identifierFields?: { email?: string; uuid?: string } } | null>(settings.global_identifiers)?.identifierFields : undefined;
  const identifierFields = { email: fields?.email || DEFAULT_IDENTIFIER_FIELDS.email, uuid: fields?.uuid || DEFAULT_IDENTIFIER_FIELDS.uuid };
  const itemCategory = await itemCategories(query, companyId, dialect);
  return { sources, surveys, identifierFields, itemCategory };
}

/** Each survey's name, and the profile field each of its questions' data types fills. */
async function surveyFields(query: RawQuery, companyId: string, dialect: ResultsDialect): Promise<CompanyContext['surveys']> {
  const fieldOfType = new Map<string, string>();
  for (const row of await query('select id, data_field_name from data_types where company_id = ? or company_id is null', [companyId])) {
    fieldOfType.set(String(row.id), String(row.data_field_name));
  }
  const surveys = new Map<string, { name: string; fieldOfQuestion: Map<string, string> }>();
  for (const row of await query('select id, name, survey from published_surveys where company_id = ?', [companyId])) {
    const survey = dialect.parsedJson<Survey | null>(row.survey);
    const fieldOfQuestion = new Map<string, string>();
    for (const question of (survey?.questions ?? []) as Question[]) {
      const field = question.dataType ? fieldOfType.get(question.dataType) : undefined;
      if (field) fieldOfQuestion.set(question.id, field);
    }
    surveys.set(String(row.id), { name: String(row.name), fieldOfQuestion });
  }
  return surveys;
}

/** Each item's category, read in keyset pages. */
async function itemCategories(query: RawQuery, companyId: string, dialect: ResultsDialect): Promise<Map<string, string>> {
  const itemCategory = new Map<string, string>();
  const categorySql = `select id, item_id, ${dialect.jsonScalarText('unified')} as category from data_records where company_id = ? and kind = 'items'`;
  let after = '';
  for (;;) {
    const rows = await query(`${categorySql} and id > ? order by id limit ${PAGE_ROWS}`, [dialect.jsonKey('category'), companyId, after]);
    for (const row of rows) {
      const itemId = textOf(row.item_id);
      const category = textOf(row.category);
      if (itemId && category) itemCategory.set(itemId, category);
    }
    if (rows.length < PAGE_ROWS) break;
    after = String(rows[rows.length - 1]!.id);
  }
  return itemCategory;
}

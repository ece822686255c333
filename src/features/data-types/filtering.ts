/**
 * The page's filters and who may change what. The list is fetched once for the company in view;
 * the company and type filters narrow it here, so the page can tell "no data types at all" from
 * "none match the filters" and count what is shown.
 */
import { DATA_TYPE_COMPANY_FILTERS, GLOBAL_DATA_TYPES, type DataType, type DataTypeKind } from '@domain/dataTypes/dataTypes';
import { ALL_COMPANIES } from '@/lib/session';

/** 'all', 'global' (only global types) or a company id (that company's types and the global ones). */
export type CompanyChoice = string;
export type KindChoice = 'all' | DataTypeKind;

export interface DataTypeFilters {
  company: CompanyChoice;
  type: KindChoice;
}

export const NO_FILTERS: DataTypeFilters = { company: ALL_COMPANIES, type: 'all' };

export const KIND_FILTER_LABELS: Record<KindChoice, string> = { all: 'All Types', static: 'Static', dynamic: 'Dynamic' };

function inCompany(type: DataType, company: CompanyChoice): boolean {
  if (company === ALL_COMPANIES) return true;
  if (company === GLOBAL_DATA_TYPES) return type.companyId === null;
  // One company's view includes the global types, as the server's company filter does.
  return type.companyId === company || type.companyId === null;
}

export function filterDataTypes(types: readonly DataType[], filters: DataTypeFilters): DataType[] {
  return types.filter((type) => inCompany(type, filters.company) && (filters.type === 'all' || type.type === filters.type));
}

/** The company filter's choices: All Companies, Global Only, then each company by name. */
export function companyChoices(companies: ReadonlyArray<{ id: string; name: string }>): Array<{ value: CompanyChoice; label: string }> {
  return [
    { value: ALL_COMPANIES, label: DATA_TYPE_COMPANY_FILTERS.all },
    { value: GLOBAL_DATA_TYPES, label: DATA_TYPE_COMPANY_FILTERS.global },
    ...[...companies].sort((a, b) => a.name.localeCompare(b.name)).map((company) => ({ value: company.id, label: company.name })),
  ];
}

/** A global type is the global admin's: everyone else may change only their company's types. */
export function mayChange(type: DataType, isGlobalAdmin: boolean): boolean {
  return isGlobalAdmin || type.companyId !== null;
}

/** "Created By": the creator's name, else their profile name or e-mail; nothing once the account is gone. */
export function creatorLabel(type: DataType): string {
  return type.createdByName ?? type.createdByProfileName ?? type.createdByEmail ?? '—';
}

export const GLOBAL_COMPANY_LABEL = 'Global';

export function companyLabel(type: DataType): string {
  return type.companyName ?? (type.companyId === null ? GLOBAL_COMPANY_LABEL : '—');
}

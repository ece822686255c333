/** Choice lists of the company forms (platform specification, section 9). */

export const INDUSTRIES = [
  'Technology',
  'Healthcare',
  'Finance',
  'Retail',
  'Manufacturing',
  'Education',
  'Real Estate',
  'Consulting',
  'Media',
  'Other',
] as const;

export const COMPANY_SIZE_RANGES = ['1-10', '11-50', '51-200', '201-500', '501-1000', '1000+'] as const;

/** The profile wizard and profile modal store the word "employees"; the management form stores bare ranges. */
export const COMPANY_SIZES_WITH_EMPLOYEES = COMPANY_SIZE_RANGES.map((range) => `${range} employees`);

export const TARGET_AUDIENCES = ['B2B', 'B2C', 'B2B2C', 'Government', 'Non-profit', 'Mixed'] as const;

export const COMPANY_STATUSES = ['active', 'inactive', 'suspended'] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];

export const USER_STATUSES = ['active', 'invited', 'suspended'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const USER_STATUS_LABELS: Record<UserStatus, string> = {
  active: 'Active',
  invited: 'Invited',
  suspended: 'Suspended',
};

export const COMPANY_STATUS_LABELS: Record<CompanyStatus, string> = {
  active: 'Active',
  inactive: 'Inactive',
  suspended: 'Suspended',
};

/** The company whose admins may create Global Admins. */
export const INTERNAL_COMPANY_NAME = 'Navout';

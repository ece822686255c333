/** How a company's size is written (platform specification, section 9). */
import { COMPANY_SIZE_RANGES } from './options';

/** Company Management stores bare ranges ("51-200"); the profile forms "51-200 employees". */
export type CompanySizeStyle = 'bare' | 'employees';

const EMPLOYEES_SUFFIX = ' employees';

/**
 * A company edited in one form may have been saved by the other: its size is shown in this form's
 * style when it is one of the known ranges, and left as it is otherwise.
 */
export function sizeInStyle(size: string | null | undefined, style: CompanySizeStyle): string {
  if (!size) return '';
  const bare = size.endsWith(EMPLOYEES_SUFFIX) ? size.slice(0, -EMPLOYEES_SUFFIX.length) : size;
  if (!(COMPANY_SIZE_RANGES as readonly string[]).includes(bare)) return size;
  return style === 'bare' ? bare : `${bare}${EMPLOYEES_SUFFIX}`;
}

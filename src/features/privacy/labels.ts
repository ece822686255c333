/** The Privacy screen's words, shared by its parts and their stories. */
import type { ChipProps } from '@mui/material/Chip';
import type { ErasureStatus, SuppressionView } from '@domain/privacy/contract';

export const PRIVACY_TITLE = 'Privacy';
export const CHOOSE_COMPANY_FOR_PRIVACY = 'Choose a company in "View Data For" to erase, suppress or export its people.';
export const NO_ERASURES = 'No one has been erased yet.';
export const NO_SUPPRESSIONS = 'No identifiers are suppressed.';
export const ERASURE_WARNING =
  "This cannot be undone. Everything stored about the person is deleted: the records of every data source, survey responses, displays, audience profiles, Write Back entries and prediction API calls. Where another person's record or an audit log entry names them, their identifier is replaced. Their identifiers are suppressed: later intake (files, syncs, events, the survey widget) drops them.";

export const ERASURE_STATUS_LABELS: Record<ErasureStatus, string> = { queued: 'Queued', running: 'Running', done: 'Done', failed: 'Failed' };
export const ERASURE_STATUS_COLORS: Record<ErasureStatus, ChipProps['color']> = { queued: 'default', running: 'info', done: 'success', failed: 'error' };

export const dropText = ({ dropped }: Pick<SuppressionView, 'dropped'>) => (dropped === 1 ? '1 intake dropped' : `${dropped} intakes dropped`);

/**
 * Privacy, for company administrators (their company) and global admins (the company chosen in
 * "View Data For"): erase or export a person (ErasePersonForm), follow the erasure jobs store by
 * store (ErasureJobs), review and remove suppressions (Suppressions).
 */
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useCompanyFilter } from '@/lib/session';
import { ModalDialog, type ModalProps } from '@/ui/ModalDialog';
import { ErasePersonForm } from './ErasePersonForm';
import { ErasureJobs } from './ErasureJobs';
import { CHOOSE_COMPANY_FOR_PRIVACY, PRIVACY_TITLE } from './labels';
import { Suppressions } from './Suppressions';

export { CHOOSE_COMPANY_FOR_PRIVACY, ERASURE_STATUS_LABELS, ERASURE_WARNING, NO_ERASURES, NO_SUPPRESSIONS, PRIVACY_TITLE } from './labels';

export default function PrivacyModal({ open, onClose }: ModalProps) {
  const { filterParam: companyId } = useCompanyFilter();
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title={PRIVACY_TITLE}
      subtitle="Erase a person, follow the erasures, review suppressed identifiers and export what is stored about someone."
      maxWidth="md"
    >
      {companyId === undefined ? (
        <Alert severity="info">{CHOOSE_COMPANY_FOR_PRIVACY}</Alert>
      ) : (
        <Stack spacing={3}>
          <ErasePersonForm companyId={companyId} />
          <ErasureJobs companyId={companyId} enabled={open} />
          <Suppressions companyId={companyId} enabled={open} />
        </Stack>
      )}
    </ModalDialog>
  );
}

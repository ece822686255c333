import type { Company } from '@domain/auth/types';
import { useRemoveCompanyLogo, useUploadCompanyLogo } from '@/lib/accounts';
import type { ImageLimit } from '@/lib/imageValidation';
import { useSession } from '@/lib/session';
import { ImageUpload } from './ImageUpload';

export interface CompanyLogoUploadProps {
  company: Pick<Company, 'id' | 'name' | 'logoUrl'>;
  /** The signed-in user's own company: the header shows its logo from the session. */
  isOwn: boolean;
  limit: ImageLimit;
}

/** A company's logo, stored by the server so it shows on every device. */
export function CompanyLogoUpload({ company, isOwn, limit }: CompanyLogoUploadProps) {
  const { updateCompany } = useSession();
  const upload = useUploadCompanyLogo();
  const remove = useRemoveCompanyLogo();

  const keepSessionInStep = (saved: Company) => {
    if (isOwn) updateCompany({ logoUrl: saved.logoUrl });
  };

  return (
    <ImageUpload
      label="Company logo"
      imageUrl={company.logoUrl}
      placeholder={company.name}
      limit={limit}
      onUpload={(file) => upload.mutateAsync({ id: company.id, file }).then(keepSessionInStep)}
      onRemove={() => remove.mutateAsync(company.id).then(keepSessionInStep)}
      uploadFailedMessage="Failed to upload logo. Please try again."
      removeFailedMessage="Failed to remove logo. Please try again."
    />
  );
}

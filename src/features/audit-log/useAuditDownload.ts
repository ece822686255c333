/** Downloading the filtered audit log as CSV: whether it is under way and why it last failed. */
import { useState } from 'react';
import { downloadAuditCsv, type AuditFilters } from './api';

export function useAuditDownload(companyFilter: string | undefined, filters: AuditFilters) {
  const [downloading, setDownloading] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const download = async () => {
    setDownloading(true);
    setError(null);
    try {
      await downloadAuditCsv(companyFilter, filters);
    } catch (failure) {
      setError(failure);
    } finally {
      setDownloading(false);
    }
  };
  return { downloading, error, download };
}

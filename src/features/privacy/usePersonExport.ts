/** Downloading a person's export: whether it is under way and why it last failed. */
import { useState } from 'react';
import type { ErasureIdentifierType } from '@domain/privacy/contract';
import { downloadPersonExport } from './api';

export function usePersonExport(companyId: string) {
  const [exporting, setExporting] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const download = async (type: ErasureIdentifierType, value: string) => {
    setExporting(true);
    setError(null);
    try {
      await downloadPersonExport(companyId, type, value);
    } catch (failure) {
      setError(failure);
    } finally {
      setExporting(false);
    }
  };
  return { exporting, error, download };
}

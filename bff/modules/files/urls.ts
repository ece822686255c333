/** Relative, so images load through whatever origin serves the dashboard (and the dev proxy). */
export function fileUrl(fileId: string | null): string | null {
  return fileId ? `/api/files/${fileId}` : null;
}

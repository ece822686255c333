/** A manifest's mistake, naming where it is. */
export class ManifestError extends Error {
  constructor(
    /** Where in the manifest, as `streams[0].retriever.paginator.page_size`. */
    readonly path: string,
    reason: string,
  ) {
    super(path ? `${path}: ${reason}` : reason);
    this.name = 'ManifestError';
  }
}

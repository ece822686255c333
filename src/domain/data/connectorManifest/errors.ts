/** One mistake of a manifest: where it is (`streams[0].retriever.paginator.page_size`) and why. */
export interface ManifestProblem {
  path: string;
  reason: string;
}

/** The most problems one refusal lists: past that, the rest are counted. */
export const MANIFEST_MAX_PROBLEMS = 50;

const line = (problem: ManifestProblem) => (problem.path ? `${problem.path}: ${problem.reason}` : problem.reason);

/** A manifest's mistakes, each naming where it is; `path` is the first one's. */
export class ManifestError extends Error {
  /** Every problem found, in the manifest's order (at least one). */
  readonly problems: readonly ManifestProblem[];

  constructor(
    /** Where in the manifest, as `streams[0].retriever.paginator.page_size`. */
    readonly path: string,
    reason: string,
    more: readonly ManifestProblem[] = [],
  ) {
    const problems = [{ path, reason }, ...more];
    const shown = problems.slice(0, MANIFEST_MAX_PROBLEMS);
    super(
      problems.length === 1
        ? line(problems[0]!)
        : `${problems.length} problems:\n${shown.map(line).join('\n')}${problems.length > shown.length ? `\n… and ${problems.length - shown.length} more` : ''}`,
    );
    this.name = 'ManifestError';
    this.problems = problems;
  }

  /** One error holding every problem given (at least one). */
  static of(problems: readonly ManifestProblem[]): ManifestError {
    const [first, ...rest] = problems;
    return new ManifestError(first!.path, first!.reason, rest);
  }
}

/**
 * Collects problems instead of stopping at the first: `attempt` runs a check and keeps the
 * ManifestError it throws, `add` records one; `throwIfAny` throws them all at once.
 */
export class ProblemList {
  readonly problems: ManifestProblem[] = [];

  add(path: string, reason: string): void {
    if (!this.problems.some((each) => each.path === path && each.reason === reason)) this.problems.push({ path, reason });
  }

  attempt<T>(check: () => T): T | undefined {
    try {
      return check();
    } catch (failure) {
      if (!(failure instanceof ManifestError)) throw failure;
      for (const problem of failure.problems) this.add(problem.path, problem.reason);
      return undefined;
    }
  }

  get empty(): boolean {
    return this.problems.length === 0;
  }

  throwIfAny(): void {
    if (this.problems.length) throw ManifestError.of(this.problems);
  }
}

/**
 * Rebuilds and reclassifications: starting one, following it every second until it ends (also one
 * already running when the page opens), then reloading the audience and keeping the finished job
 * for its summary.
 */
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AudienceJob, AudienceJobKind } from '@domain/audience/contract';
import { audienceKeys, isJobFinished, useAudienceJob, useLatestJob, useStartJob } from '../api';

export interface AudienceJobs {
  /** The job under way, shown with its progress; null when none runs. */
  running: AudienceJob | null;
  /** A job followed to its end (done or failed), until its summary is dismissed. */
  finished: AudienceJob | null;
  dismissFinished: () => void;
  /**
   * The company's newest job when it failed and nobody is following it: a build the server ran on
   * its own (or one asked for earlier) whose reason the admin has not seen yet.
   */
  lastFailed: AudienceJob | null;
  dismissLastFailed: () => void;
  start: (kind: AudienceJobKind) => void;
  starting: boolean;
  startError: unknown;
}

export function useAudienceJobs(companyId: string): AudienceJobs {
  const queryClient = useQueryClient();
  const latest = useLatestJob(companyId);
  const startJob = useStartJob(companyId);
  const [startedId, setStartedId] = useState<string | null>(null);
  const [dismissedId, setDismissedId] = useState<string | null>(null);
  const latestRunning = latest.data && !isJobFinished(latest.data) ? latest.data.id : null;
  const followedId = startedId ?? latestRunning;
  const followed = useAudienceJob(companyId, followedId);
  const job = followed.data ?? null;
  const finished = isJobFinished(job);
  const lastFailed = !followedId && latest.data?.status === 'failed' && latest.data.id !== dismissedId ? latest.data : null;

  useEffect(() => {
    if (!finished) return;
    // The profiles changed: every figure of the page is read again (the jobs themselves excepted).
    void queryClient.invalidateQueries({ queryKey: audienceKeys.company(companyId), predicate: (query) => query.queryKey[2] !== 'job' });
  }, [finished, job?.id, companyId, queryClient]);

  return {
    running: job && !finished ? job : null,
    finished: job && finished && job.id !== dismissedId ? job : null,
    dismissFinished: () => setDismissedId(job?.id ?? null),
    lastFailed,
    dismissLastFailed: () => setDismissedId(lastFailed?.id ?? null),
    start: (kind) => {
      startJob.mutate(kind, {
        onSuccess: (started) => {
          setDismissedId(null);
          setStartedId(started.id);
          queryClient.setQueryData(audienceKeys.job(companyId, started.id), started);
        },
      });
    },
    starting: startJob.isPending,
    startError: startJob.error,
  };
}

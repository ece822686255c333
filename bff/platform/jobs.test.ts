import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jobGroup, repeatingJob } from './jobs';

/** A run that finishes when the test says so. */
function controllableRun() {
  const finishers: Array<() => void> = [];
  const run = vi.fn(() => new Promise<void>((resolve) => finishers.push(resolve)));
  return { run, finishNext: () => finishers.shift()?.() };
}

const quiet = { error: vi.fn() };

describe('repeatingJob', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    quiet.error.mockClear();
  });
  afterEach(() => vi.useRealTimers());

  it('runs every interval and never overlaps itself', async () => {
    const { run, finishNext } = controllableRun();
    const job = repeatingJob({ name: 'Test job', everyMs: 100, run, logger: quiet });
    job.start();
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(100);
    expect(run).toHaveBeenCalledTimes(1);
    // Still running: the next two ticks are skipped.
    await vi.advanceTimersByTimeAsync(200);
    expect(run).toHaveBeenCalledTimes(1);
    finishNext();
    await vi.advanceTimersByTimeAsync(100);
    expect(run).toHaveBeenCalledTimes(2);
    finishNext();
    await job.stop();
  });

  it('runs on start when asked, and a wake-up during a run runs once more after it', async () => {
    const { run, finishNext } = controllableRun();
    const job = repeatingJob({ name: 'Test job', everyMs: 60_000, run, logger: quiet, runOnStart: true });
    job.start();
    expect(run).toHaveBeenCalledTimes(1);
    job.wake();
    job.wake();
    finishNext();
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(2);
    finishNext();
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(2);
    // Idle: a wake-up runs at once.
    job.wake();
    expect(run).toHaveBeenCalledTimes(3);
    finishNext();
    await job.stop();
  });

  it('logs a failed run and keeps going', async () => {
    const run = vi.fn().mockRejectedValueOnce(new Error('database away')).mockResolvedValue(undefined);
    const job = repeatingJob({ name: 'Test job', everyMs: 100, run, logger: quiet });
    job.start();
    await vi.advanceTimersByTimeAsync(200);
    expect(run).toHaveBeenCalledTimes(2);
    expect(quiet.error).toHaveBeenCalledWith({ err: expect.objectContaining({ message: 'database away' }) }, 'Test job failed');
    await job.stop();
  });

  it('stop waits for the run under way, starts no other, then runs afterStop', async () => {
    const { run, finishNext } = controllableRun();
    const order: string[] = [];
    const job = repeatingJob({ name: 'Test job', everyMs: 100, run, logger: quiet, runOnStart: true, afterStop: async () => void order.push('afterStop') });
    job.start();
    job.wake();
    const stopped = job.stop().then(() => order.push('stopped'));
    await vi.advanceTimersByTimeAsync(500);
    expect(order).toEqual([]);
    finishNext();
    await stopped;
    expect(order).toEqual(['afterStop', 'stopped']);
    // The wake-up that came during the run was dropped with the stop, and no tick runs any more.
    await vi.advanceTimersByTimeAsync(500);
    expect(run).toHaveBeenCalledTimes(1);
    job.wake();
    expect(run).toHaveBeenCalledTimes(1);
  });
});

describe('jobGroup', () => {
  it('starts and stops its jobs together, then runs afterStop', async () => {
    const calls: string[] = [];
    const job = (name: string) => ({ name, start: () => void calls.push(`start ${name}`), stop: async () => void calls.push(`stop ${name}`) });
    const group = jobGroup('Group', [job('a'), job('b')], async () => void calls.push('afterStop'));
    group.start();
    await group.stop();
    expect(calls).toEqual(['start a', 'start b', 'stop a', 'stop b', 'afterStop']);
  });
});

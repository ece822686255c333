/**
 * A counting semaphore: at most `size` tasks run at once, the rest wait their turn in arrival
 * order. Used where each task holds a scarce resource (a libuv thread and 128 MiB for scrypt) and a
 * burst of callers must queue rather than take it all.
 */
export interface TaskPoolOptions {
  /** Callers allowed to wait; one more is refused at once with `refuse()`, since a long queue only adds latency. */
  maxWaiting: number;
  refuse: () => Error;
}

export function createTaskPool(size: number, { maxWaiting, refuse }: TaskPoolOptions) {
  if (!Number.isInteger(size) || size < 1) throw new Error(`A task pool needs at least one slot, not ${size}`);
  let running = 0;
  const waiting: Array<() => void> = [];

  // A finished task hands its slot straight to the first waiter, so a newcomer cannot overtake the queue.
  function release(): void {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running < size) running++;
      else if (waiting.length >= maxWaiting) throw refuse();
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}

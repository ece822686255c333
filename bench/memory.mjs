// A BFF process's memory during a benchmark, from /proc (Linux).
import { readFileSync, writeFileSync } from 'node:fs';

const SAMPLE_MS = 25;

/** A /proc/<pid>/status field in bytes (VmRSS, VmHWM), or null. */
export function procStatus(pid, field) {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : null;
}

/** Watches a process's resident memory: the kernel's peak since the last reset, or sampled. */
export function memoryWatch(pid) {
  let resettable = true;
  let sampled = 0;
  let timer = null;
  return {
    start() {
      try {
        writeFileSync(`/proc/${pid}/clear_refs`, '5');
      } catch {
        resettable = false;
      }
      sampled = procStatus(pid, 'VmRSS') ?? 0;
      timer = setInterval(() => {
        sampled = Math.max(sampled, procStatus(pid, 'VmRSS') ?? 0);
      }, SAMPLE_MS);
    },
    stop() {
      clearInterval(timer);
      sampled = Math.max(sampled, procStatus(pid, 'VmRSS') ?? 0);
      const peak = resettable ? (procStatus(pid, 'VmHWM') ?? sampled) : sampled;
      return { peakBytes: Math.max(peak, sampled), method: resettable ? 'VmHWM' : 'sampled VmRSS' };
    },
  };
}

// How every benchmark prints a figure: beside its target and its verdict, with the machine's
// 1-minute load average when the figure was measured. The benchmarks run on shared machines (two
// cores, a CI run beside them), where the same code measures a third slower or faster depending on
// what else runs; the load average says which kind of run a figure came from.
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';

export const CORES = availableParallelism();

/** The 1-minute load average now: take it right after a figure is measured, and print it beside it. */
export const loadNow = () => loadavg()[0];

/**
 * Samples the load average every `everyMs` while a long measurement runs (a build, a run of a
 * minute): `stop()` answers the lowest and highest seen, and the one at the end.
 */
export function watchLoad(everyMs = 5_000) {
  const samples = [loadNow()];
  const timer = setInterval(() => samples.push(loadNow()), everyMs);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      samples.push(loadNow());
      return { min: Math.min(...samples), max: Math.max(...samples), last: samples.at(-1) };
    },
  };
}

/**
 * How long a process's threads have run and waited on the run queue for a core, in ms, from
 * /proc/<pid>/task/<tid>/schedstat; null where the system does not tell (not Linux, the process
 * gone). A busy server on cores it shares with its load generator waits there: what the load
 * average hints at, per process.
 */
export function schedulerTimes(pid) {
  try {
    let runMs = 0;
    let waitMs = 0;
    for (const thread of readdirSync(`/proc/${pid}/task`)) {
      const [run, wait] = readFileSync(`/proc/${pid}/task/${thread}/schedstat`, 'utf8').trim().split(' ').map(Number);
      runMs += run / 1e6;
      waitMs += wait / 1e6;
    }
    return { runMs, waitMs };
  } catch {
    return null;
  }
}

/** The processes `pid` started (a cluster's web processes), from /proc; empty where it cannot tell. */
export function childPids(pid) {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/**
 * From now until `stop()`: how long each of `pids` ran and waited for a core, and the seconds
 * between; null when the system does not tell.
 */
export function watchScheduler(pids) {
  const started = performance.now();
  const before = pids.map(schedulerTimes);
  return {
    stop() {
      const after = pids.map(schedulerTimes);
      if (before.some((times) => !times) || after.some((times) => !times)) return null;
      return {
        seconds: (performance.now() - started) / 1000,
        processes: after.map((times, index) => ({ runS: (times.runMs - before[index].runMs) / 1000, waitS: (times.waitMs - before[index].waitMs) / 1000 })),
      };
    },
  };
}

/** "load 1.93", or "load 1.20-3.45" for a range sampled while a measurement ran. */
export function describeLoad(load) {
  if (load === undefined || load === null) return '';
  if (typeof load === 'number') return `load ${load.toFixed(2)}`;
  return load.min.toFixed(2) === load.max.toFixed(2) ? `load ${load.max.toFixed(2)}` : `load ${load.min.toFixed(2)}-${load.max.toFixed(2)}`;
}

/** The line that heads `npm run bench` and each benchmark run alone: what the load figures mean. */
export const LOAD_LEGEND = `Each figure is followed by the machine's 1-minute load average when it was measured (${CORES} cores here).`;

/**
 * A benchmark's printed lines. `figure(label, value, { target, ok, load })` prints one figure:
 * ok true or false prints "ok" or "MISSED" (a miss is counted), ok undefined "(information)".
 * `missed` is how many figures missed their target.
 */
export function createReport(log = console.info, { indent = '  ', labelWidth = 38 } = {}) {
  let missed = 0;
  return {
    get missed() {
      return missed;
    },
    heading(text) {
      log(`\n${text}`);
    },
    line(text) {
      log(`${indent}${text}`);
    },
    figure(label, value, { target, ok, load, depth = 0 } = {}) {
      if (ok === false) missed++;
      const verdict = ok === undefined ? '(information)' : ok ? 'ok' : 'MISSED';
      const aim = target ? ` (target ${target})` : '';
      const where = describeLoad(load);
      log(`${indent}${'  '.repeat(depth)}${label.padEnd(Math.max(0, labelWidth - 2 * depth))} ${value}${aim} ${verdict}${where ? `  [${where}]` : ''}`);
      return ok;
    },
  };
}

/** `node bench/<name>.mjs` runs one benchmark alone: its lines, then exit 1 when a target was missed. */
export async function runAlone(print) {
  console.info(LOAD_LEGEND);
  const missed = await print();
  process.exit(missed ? 1 : 0);
}

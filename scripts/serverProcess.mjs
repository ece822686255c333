// How `npm start` runs the BFF, shared with the benchmarks so that they measure the same process.
//
// --max-semi-space-size: a predict call allocates 250-300 KB (the ranking's candidates, the
// explanations, the JSON answer). With V8's default 16 MB semi-space, a web process answering
// 800-1,000 calls a second collected its young generation every 15-30 ms, each time copying the
// live objects of the requests in flight, and promoted 40-60 MB a second into the old generation
// (8-18 % of its time in collections, a full mark-compact every 20 s; `--trace-gc-nvp`). At 64 MB
// the young collections are four times rarer and most requests finish between two of them:
// predict answered 1,603 -> 1,979 and 1,535 -> 1,580 requests a second, p99 23 -> 16 and 26 -> 22 ms,
// in two pairs of runs of bench/prediction.mjs the same hour. The young generation grows to that
// size only under such load (three semi-spaces at most: 192 MB per web process).
export const SERVER_NODE_ARGS = ['--max-semi-space-size=64', '--import', 'tsx'];
export const SERVER_ENTRY = 'bff/server.ts';

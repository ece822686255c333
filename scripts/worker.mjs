// `npm run worker`: the deployment's background jobs (bff/worker.ts) in a process of their own.
import { runCompiled } from './run-compiled.mjs';

await runCompiled('worker');

// `npm start`: the built dashboard and the compiled BFF on one port.
import { ensureDashboardBuild } from './ensure-build.mjs';
import { runCompiled } from './run-compiled.mjs';

ensureDashboardBuild();
await runCompiled('server', { NODE_ENV: 'production', ...process.env });

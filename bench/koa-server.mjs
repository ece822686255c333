// The framework floor of the BFF-overhead benchmark: Koa with no middleware answering the same
// JSON as an object, which Koa serialises on every response just as the BFF does.
import Koa from 'koa';

const body = JSON.parse(process.env.BENCH_BODY ?? '{}');
const app = new Koa();
app.use((ctx) => {
  ctx.body = body;
});
app.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));

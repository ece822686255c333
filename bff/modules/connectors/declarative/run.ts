/**
 * One run of a declarative connector: its base URL, credentials and pace worked out once, and
 * what its hooks may ask the vendor.
 */
import { ConnectorError, type ConnectorContext } from '../types';
import type { Definition } from './definition';
import { baseUrl, call, checkRequirements, credentials, pacer, requestScope, type HookApi, type Reading, type RequestParts } from './requests';

/** One run's fixed parts: the base URL, the credentials, the pace, how answers are read and what hooks may ask. */
export interface Run {
  /** The API's base, which paths join; `address` is url_base as given (its query is sent with each request, and it is the request's address when the path is empty). */
  base: string;
  address: URL;
  auth: RequestParts;
  scope: ReturnType<typeof requestScope>;
  wait: () => Promise<void>;
  reading: Reading;
  api: HookApi;
}

/** What a hook may ask: a GET on the API's origin, with the run's credentials, pace and error reader. */
function hookApi(definition: Definition, context: ConnectorContext, run: Omit<Run, 'api'>): HookApi {
  const { manifest, readError } = definition;
  return {
    async get(pathOrUrl, query = {}) {
      const url = new URL(/^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : `${run.base}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`);
      if (url.origin !== new URL(run.base).origin) throw new ConnectorError(`${manifest.name} pointed a request at another host: refused.`);
      for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== '') url.searchParams.set(name, String(value));
      for (const [name, value] of run.auth.query) url.searchParams.set(name, value);
      return (await call(context, manifest.name, url.toString(), { method: 'GET', headers: { ...run.auth.headers } }, readError, run.wait)).body;
    },
  };
}

/** The run's parts; with `partition`, the partition router's values are asked for too (a read needs them, a check request does not). */
export async function beginRun(definition: Definition, context: ConnectorContext, partition: boolean): Promise<Run> {
  const { manifest, stream, hooks } = definition;
  const scope = requestScope(context);
  checkRequirements(manifest, scope);
  const { base, address } = baseUrl(manifest, context, scope, hooks);
  const auth = await credentials(manifest, manifest.authenticator, context, scope);
  const parts = { base, address, auth, scope, wait: pacer(context, manifest.rate_limit?.requests_per_second), reading: { ...definition.reading } };
  const api = hookApi(definition, context, parts);
  const router = stream.retriever.partition_router;
  if (partition && router?.type === 'NamedPartitionRouter') scope.stream_partition = await hooks.partitionRouters![router.name]!(api, context);
  return { ...parts, api };
}

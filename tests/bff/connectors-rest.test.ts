/**
 * The connectors' fetch (guard, redirects, size and time limits, retries) and the REST and GraphQL
 * connectors, against local servers answering as documented APIs do.
 */
import { gzipSync } from "node:zlib";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  checkHop,
  createConnectorFetch,
  RETRY_AFTER_CAP_MS,
  retryAfterMs,
  type ConnectorFetchOptions,
} from "@bff/modules/connectors/http";
import { graphqlConnector } from "@bff/modules/connectors/graphql";
import {
  nextLink,
  restConnector,
} from "@bff/modules/connectors/rest";
import {
  ConnectorError,
  type Connector,
  type ConnectorContext,
} from "@bff/modules/connectors/types";
import {
  checkSettings,
  secretsBoundTo,
} from "@bff/modules/connectors/settings";
import { createSyncWorker } from "@bff/modules/dataSources/sync/worker";
import { CONNECTOR_DEFINITIONS } from "@domain/data/connectorSettings";
import { DataSource } from "@bff/entities";
import { decryptSecret } from "@bff/platform/secrets";
import {
  sendJson,
  startHttpServer,
  type LocalHttpServer,
} from "./support/localServers";
import { failureOf } from "./support/connectors";
import { useWorld, type World } from "./support/world";

const silent = pino({ level: "silent" });
const noSleep = async () => undefined;

function contextFor(
  settings: ConnectorContext["settings"],
  options: {
    secrets?: Record<string, string>;
    cursor?: string | null;
    fetch?: Partial<ConnectorFetchOptions>;
  } = {},
): ConnectorContext {
  const controller = new AbortController();
  return {
    settings,
    secrets: options.secrets ?? {},
    cursor: options.cursor ?? null,
    fetch: createConnectorFetch({
      allowPrivate: true,
      sleep: noSleep,
      ...options.fetch,
      signal: controller.signal,
    }),
    signal: controller.signal,
    logger: silent,
    allowPrivate: true,
  };
}

async function pullAll(connector: Connector, context: ConnectorContext) {
  const records: Array<Record<string, unknown>> = [];
  const cursors: Array<string | null | undefined> = [];
  for await (const batch of connector.pull(context)) {
    records.push(...batch.records);
    cursors.push(batch.cursor);
  }
  return { records, cursors };
}

/** 25 customers, updated one day after another. */
const ITEMS = Array.from({ length: 25 }, (_, index) => ({
  id: `c${index + 1}`,
  email: `c${index + 1}@example.com`,
  updated_at: `2026-01-${String(index + 1).padStart(2, "0")}T00:00:00Z`,
}));

describe("connector fetch", () => {
  let api: LocalHttpServer;
  const counters = new Map<string, number>();
  const count = (key: string) => {
    const next = (counters.get(key) ?? 0) + 1;
    counters.set(key, next);
    return next;
  };

  beforeAll(async () => {
    api = await startHttpServer((_request, response, { url }) => {
      const key = url.searchParams.get("key") ?? "";
      switch (url.pathname) {
        case "/limited":
          if (count(`limited${key}`) === 1) {
            response.writeHead(429, { "retry-after": "2" });
            response.end("slow down");
          } else sendJson(response, 200, { ok: true });
          return;
        case "/limited-decimal":
          // As Shopify sends it: seconds with a fraction.
          if (count(`decimal${key}`) === 1) {
            response.writeHead(429, {
              "retry-after": url.searchParams.get("after") ?? "2.0",
            });
            response.end("slow down");
          } else sendJson(response, 200, { ok: true });
          return;
        case "/flaky":
          if (count(`flaky${key}`) <= 2) {
            response.writeHead(500);
            response.end("oops");
          } else sendJson(response, 200, { ok: true });
          return;
        case "/down":
          count(`down${key}`);
          response.writeHead(503);
          response.end();
          return;
        case "/malformed":
          response.writeHead(200, { "content-type": "application/json" });
          response.end('{"items": [1, 2');
          return;
        case "/huge": {
          // 50 MB, chunked: no content-length to refuse it by.
          response.writeHead(200, { "content-type": "application/json" });
          const chunk = Buffer.alloc(1024 * 1024, 0x20);
          let sent = 0;
          const write = () => {
            while (sent < 50) {
              sent += 1;
              if (!response.write(chunk))
                return void response.once("drain", write);
            }
            response.end();
          };
          response.on("error", () => undefined);
          write();
          return;
        }
        case "/declared-huge":
          response.writeHead(200, {
            "content-type": "application/json",
            "content-length": String(50 * 1024 * 1024),
          });
          response.write("[");
          return;
        case "/gzip":
          response.writeHead(200, {
            "content-type": "application/json",
            "content-encoding": "gzip",
          });
          response.end(gzipSync(JSON.stringify({ items: ITEMS })));
          return;
        case "/redirect":
          response.writeHead(302, { location: "/final?from=redirect" });
          response.end();
          return;
        case "/redirect-away":
          response.writeHead(301, {
            location: url.searchParams.get("to") ?? "/",
          });
          response.end();
          return;
        case "/final":
          sendJson(response, 200, {
            final: true,
            from: url.searchParams.get("from"),
          });
          return;
        case "/slow":
          setTimeout(
            () => sendJson(response, 200, { late: true }),
            1_000,
          ).unref();
          return;
        default:
          response.writeHead(404);
          response.end();
      }
    });
  });
  afterAll(() => api.close());

  it("waits as long as Retry-After says on 429, then succeeds", async () => {
    const waits: number[] = [];
    const fetch = createConnectorFetch({
      allowPrivate: true,
      sleep: async (ms) => void waits.push(ms),
    });
    const response = await fetch(`${api.base}/limited?key=a`);
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(waits).toEqual([2_000]);
  });

  it('reads a decimal Retry-After such as Shopify\'s "2.0" as seconds, and waits that long', async () => {
    expect(retryAfterMs("2.0")).toBe(2_000);
    expect(retryAfterMs(" 1.25 ")).toBe(1_250);
    expect(retryAfterMs("0.5")).toBe(500);
    const waits: number[] = [];
    const fetch = createConnectorFetch({
      allowPrivate: true,
      sleep: async (ms) => void waits.push(ms),
    });
    const response = await fetch(`${api.base}/limited-decimal?key=d`);
    expect(response.status).toBe(200);
    expect(waits).toEqual([2_000]);
    // Beyond the cap, the attempt fails at once and the sync queue retries later.
    waits.length = 0;
    const tooLong = await failureOf(
      fetch(
        `${api.base}/limited-decimal?key=e&after=${(RETRY_AFTER_CAP_MS / 1000 + 0.5).toFixed(1)}`,
      ),
    );
    expect(tooLong.message).toContain("429 Too Many Requests");
    expect(tooLong.retryable).toBe(true);
    expect(waits).toEqual([]);
  });

  it("reads Retry-After as seconds or an HTTP date", () => {
    expect(retryAfterMs("7")).toBe(7_000);
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(retryAfterMs("Thu, 01 Jan 2026 00:00:30 GMT", now)).toBe(30_000);
    expect(retryAfterMs("soon")).toBeNull();
  });

  it("retries 5xx with exponential backoff, then succeeds", async () => {
    const waits: number[] = [];
    const fetch = createConnectorFetch({
      allowPrivate: true,
      retryBaseMs: 100,
      sleep: async (ms) => void waits.push(ms),
    });
    const response = await fetch(`${api.base}/flaky?key=b`);
    expect(response.json()).toEqual({ ok: true });
    expect(waits).toEqual([100, 200]);
  });

  it("gives up after its retries with a retryable error naming the status", async () => {
    const fetch = createConnectorFetch({
      allowPrivate: true,
      maxRetries: 2,
      sleep: noSleep,
    });
    const failure = await failureOf(fetch(`${api.base}/down?key=c`));
    expect(failure.retryable).toBe(true);
    expect(failure.message).toContain("status 503");
    expect(counters.get("downc")).toBe(3);
  });

  it("names the URL (without its query) when the answer is not JSON", async () => {
    const fetch = createConnectorFetch({ allowPrivate: true });
    const response = await fetch(`${api.base}/malformed?token=secret-in-query`);
    let failure: unknown;
    try {
      response.json();
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(ConnectorError);
    expect((failure as Error).message).toContain(
      `${api.base}/malformed did not answer JSON`,
    );
    expect((failure as Error).message).not.toContain("secret-in-query");
  });

  it("refuses an answer larger than the limit, counted while it downloads or declared up front", async () => {
    const fetch = createConnectorFetch({ allowPrivate: true, maxRetries: 0 });
    const started = process.memoryUsage().rss;
    const streamed = await failureOf(fetch(`${api.base}/huge`));
    expect(streamed.message).toBe("The answer is larger than 20 MB");
    expect(streamed.retryable).toBe(false);
    // The download stopped at the limit: far less than 50 MB more memory.
    expect(process.memoryUsage().rss - started).toBeLessThan(45 * 1024 * 1024);
    const declared = await failureOf(
      createConnectorFetch({ allowPrivate: true, maxBytes: 1024 * 1024 })(
        `${api.base}/declared-huge`,
      ),
    );
    expect(declared.message).toBe("The answer is larger than 1 MB");
  });

  it("decompresses gzip answers", async () => {
    const response = await createConnectorFetch({ allowPrivate: true })(
      `${api.base}/gzip`,
    );
    expect(response.json<{ items: unknown[] }>().items).toHaveLength(25);
  });

  it("follows redirects, dropping credentials when one leaves the origin", async () => {
    const fetch = createConnectorFetch({ allowPrivate: true });
    const followed = await fetch(`${api.base}/redirect`, {
      headers: { authorization: "Bearer k1" },
    });
    expect(followed.json()).toEqual({ final: true, from: "redirect" });
    expect(api.received.at(-1)?.headers.authorization).toBe("Bearer k1");

    const other = `http://localhost:${new URL(api.base).port}/final?from=other`;
    await fetch(`${api.base}/redirect-away?to=${encodeURIComponent(other)}`, {
      headers: { authorization: "Bearer k1", "x-api-key": "k2" },
    });
    expect(api.received.at(-1)?.url.searchParams.get("from")).toBe("other");
    expect(api.received.at(-1)?.headers.authorization).toBeUndefined();
    expect(api.received.at(-1)?.headers["x-api-key"]).toBeUndefined();
  });

  it("refuses a redirect to a private address when private addresses are not allowed", async () => {
    const port = new URL(api.base).port;
    const before = api.received.length;
    // The first hop passes as a public host (its check is replaced); every later hop gets the real check.
    const fetch = createConnectorFetch({
      allowPrivate: false,
      maxRetries: 0,
      lookup: async (host) => [
        {
          address: host === "internal.test" ? "10.0.0.7" : "93.184.216.34",
          family: 4,
        },
      ],
      resolveHop: async (url, options) =>
        url.hostname === "public.test"
          ? { address: "127.0.0.1", family: 4 }
          : checkHop(url, options),
    });
    const loopback = await failureOf(
      fetch(
        `http://public.test:${port}/redirect-away?to=${encodeURIComponent("https://127.0.0.1/admin")}`,
      ),
    );
    expect(loopback.message).toBe(
      "Refused: 127.0.0.1 is a private or local address",
    );
    const named = await failureOf(
      fetch(
        `http://public.test:${port}/redirect-away?to=${encodeURIComponent("https://internal.test/metadata")}`,
      ),
    );
    expect(named.message).toBe(
      "Refused: internal.test resolves to 10.0.0.7, a private or local address",
    );
    const plain = await failureOf(
      fetch(
        `http://public.test:${port}/redirect-away?to=${encodeURIComponent("http://example.com/")}`,
      ),
    );
    expect(plain.message).toContain("must use https://");
    // Only the first hops reached the server.
    expect(api.received.length - before).toBe(3);
    expect((await failureOf(fetch("https://127.0.0.1:1/"))).message).toBe(
      "Refused: 127.0.0.1 is a private or local address",
    );
  });

  it("times out with a retryable error", async () => {
    const failure = await failureOf(
      createConnectorFetch({
        allowPrivate: true,
        timeoutMs: 100,
        maxRetries: 0,
      })(`${api.base}/slow`),
    );
    expect(failure.retryable).toBe(true);
    expect(failure.message).toContain("did not answer within 0.1 s");
  });
});

describe("REST connector", () => {
  let api: LocalHttpServer;
  beforeAll(async () => {
    api = await startHttpServer((request, response, { url }) => {
      if (request.headers.authorization !== "Bearer good") {
        response.writeHead(401, { "content-type": "application/json" });
        response.end(
          JSON.stringify({ error: { message: "Invalid API key provided" } }),
        );
        return;
      }
      const since = url.searchParams.get("updated_since");
      const items = since
        ? ITEMS.filter((item) => item.updated_at >= since)
        : ITEMS;
      const param = (name: string, fallback: number) =>
        Number(url.searchParams.get(name) ?? fallback);
      switch (url.pathname) {
        case "/page": {
          const [page, size] = [param("page", 1), param("per_page", 10)];
          sendJson(response, 200, {
            data: { items: items.slice((page - 1) * size, page * size) },
          });
          return;
        }
        case "/offset":
          sendJson(
            response,
            200,
            items.slice(
              param("offset", 0),
              param("offset", 0) + param("limit", 10),
            ),
          );
          return;
        case "/cursor": {
          const start = Number(url.searchParams.get("cursor") ?? 0);
          const next = start + 10 < items.length ? String(start + 10) : null;
          sendJson(response, 200, {
            results: items.slice(start, start + 10),
            meta: { next_cursor: next },
          });
          return;
        }
        case "/link": {
          const page = param("p", 1);
          const links: Record<string, string> =
            page * 10 < items.length
              ? {
                  link: `</link?p=${page + 1}>; rel="next", </link?p=1>; rel="first"`,
                }
              : {};
          sendJson(
            response,
            200,
            items.slice((page - 1) * 10, page * 10),
            links,
          );
          return;
        }
        case "/all":
          sendJson(response, 200, { data: items });
          return;
        default:
          response.writeHead(404);
          response.end();
      }
    });
  });
  afterAll(() => api.close());

  const auth = { secrets: { authHeaderValue: "Bearer good" } };

  it.each([
    [
      "page",
      {
        url: "/page",
        pagination: "page",
        pageSize: "10",
        recordsPath: "data.items",
      },
      3,
    ],
    ["offset", { url: "/offset", pagination: "offset", pageSize: "10" }, 3],
    [
      "cursor",
      {
        url: "/cursor",
        pagination: "cursor",
        nextCursorPath: "meta.next_cursor",
        recordsPath: "results",
      },
      3,
    ],
    ["link", { url: "/link", pagination: "link" }, 3],
    ["none", { url: "/all", recordsPath: "data" }, 1],
  ])("reads every page with %s pagination", async (_kind, settings, pages) => {
    const before = api.received.length;
    const { records, cursors } = await pullAll(
      restConnector,
      contextFor({ ...settings, url: `${api.base}${settings.url}` }, auth),
    );
    expect(records.map((record) => record.id)).toEqual(
      ITEMS.map((item) => item.id),
    );
    // page and offset ask once more and get a short (empty) last page when the count is a multiple.
    expect(api.received.length - before).toBe(pages);
    // Without an incremental field, the last batch leaves no cursor; the others can resume.
    expect(cursors.at(-1)).toBeNull();
    for (const cursor of cursors.slice(0, -1))
      expect(JSON.parse(cursor!).next).not.toBeNull();
  });

  it("syncs incrementally: the largest updated_at is the cursor, sent back as the since parameter", async () => {
    const settings = {
      url: `${api.base}/page`,
      pagination: "page",
      pageSize: "10",
      recordsPath: "data.items",
      cursorField: "updated_at",
      sinceParam: "updated_since",
    };
    const first = await pullAll(restConnector, contextFor(settings, auth));
    expect(first.records).toHaveLength(25);
    const cursor = first.cursors.at(-1)!;
    expect(JSON.parse(cursor)).toEqual({ since: "2026-01-25T00:00:00Z" });

    const before = api.received.length;
    const second = await pullAll(
      restConnector,
      contextFor(settings, { ...auth, cursor }),
    );
    expect(second.records.map((record) => record.id)).toEqual(["c25"]);
    expect(api.received.at(-1)?.url.searchParams.get("updated_since")).toBe(
      "2026-01-25T00:00:00Z",
    );
    expect(api.received.length - before).toBe(1);
    expect(JSON.parse(second.cursors.at(-1)!)).toEqual({
      since: "2026-01-25T00:00:00Z",
    });
  });

  it("resumes from the page a stored run cursor names", async () => {
    const settings = {
      url: `${api.base}/page`,
      pagination: "page",
      pageSize: "10",
      recordsPath: "data.items",
    };
    const { records } = await pullAll(
      restConnector,
      contextFor(settings, {
        ...auth,
        cursor: JSON.stringify({ since: null, max: null, next: 3 }),
      }),
    );
    expect(records.map((record) => record.id)).toEqual([
      "c21",
      "c22",
      "c23",
      "c24",
      "c25",
    ]);
  });

  it("refuses bad credentials with the vendor's message, not retryable", async () => {
    const failure = await failureOf(
      restConnector.test(
        contextFor(
          { url: `${api.base}/all`, recordsPath: "data" },
          { secrets: { authHeaderValue: "Bearer bad" } },
        ),
      ),
    );
    expect(failure.message).toBe(
      `${api.base}/all refused the credentials (status 401): Invalid API key provided`,
    );
    expect(failure.retryable).toBe(false);
    await expect(
      restConnector.test(
        contextFor({ url: `${api.base}/all`, recordsPath: "data" }, auth),
      ),
    ).resolves.toBeUndefined();
  });

  it("says clearly when the records path or the settings are wrong", async () => {
    expect(
      (
        await failureOf(
          restConnector.test(
            contextFor(
              { url: `${api.base}/all`, recordsPath: "data.rows" },
              auth,
            ),
          ),
        )
      ).message,
    ).toBe(
      `The answer of ${api.base}/all has no list of records at "data.rows"`,
    );
    expect(
      (
        await failureOf(
          restConnector.test(contextFor({ url: `${api.base}/all` }, auth)),
        )
      ).message,
    ).toContain("is not a list of records");
    expect(
      (
        await failureOf(
          restConnector.test(
            contextFor({ url: `${api.base}/all`, headers: '{"a": 1}' }, auth),
          ),
        )
      ).message,
    ).toContain("Headers must be");
    expect(
      (
        await failureOf(
          restConnector.test(contextFor({ url: "ftp://example.com" }, auth)),
        )
      ).message,
    ).toContain("full http(s) address");
  });

  it("reads the next link of a Link header", () => {
    expect(
      nextLink(
        '<https://api.test/x?p=2>; rel="next", <https://api.test/x?p=9>; rel="last"',
        "https://api.test/x",
      ),
    ).toBe("https://api.test/x?p=2");
    expect(nextLink("</x?p=3>; rel=next", "https://api.test/x?p=2")).toBe(
      "https://api.test/x?p=3",
    );
    expect(
      nextLink('<https://api.test/x?p=9>; rel="last"', "https://api.test/x"),
    ).toBeNull();
  });
});

describe("GraphQL connector", () => {
  let api: LocalHttpServer;
  beforeAll(async () => {
    api = await startHttpServer((_request, response, { body }) => {
      const { query, variables } = JSON.parse(body) as {
        query: string;
        variables: { after?: string; first?: number };
      };
      if (!query.includes("customers")) {
        sendJson(response, 200, {
          data: null,
          errors: [{ message: 'Cannot query field "nope" on type "Query".' }],
        });
        return;
      }
      const start = variables.after ? Number(variables.after) : 0;
      const size = variables.first ?? 10;
      const nodes = ITEMS.slice(start, start + size);
      sendJson(response, 200, {
        data: {
          customers: {
            nodes,
            pageInfo: {
              hasNextPage: start + size < ITEMS.length,
              endCursor: String(start + size),
            },
          },
        },
      });
    });
  });
  afterAll(() => api.close());

  it("follows pageInfo.endCursor through the after variable to the last page", async () => {
    const settings = {
      endpoint: `${api.base}/graphql`,
      query:
        "query($after: String, $first: Int) { customers(first: $first, after: $after) { nodes { id email } pageInfo { hasNextPage endCursor } } }",
      variables: '{"first": 10}',
      recordsPath: "customers.nodes",
      pageInfoPath: "customers.pageInfo",
    };
    const { records } = await pullAll(graphqlConnector, contextFor(settings));
    expect(records.map((record) => record.id)).toEqual(
      ITEMS.map((item) => item.id),
    );
    expect(api.received).toHaveLength(3);
  });

  it("reports the server's GraphQL error", async () => {
    const failure = await failureOf(
      graphqlConnector.test(
        contextFor({
          endpoint: `${api.base}/graphql`,
          query: "{ nope }",
          recordsPath: "data.nope",
        }),
      ),
    );
    expect(failure.message).toContain('Cannot query field "nope"');
  });
});

describe("a saved source's secret stays with the address it was given for", () => {
  const world = useWorld({ env: { CONNECTOR_ALLOW_PRIVATE: "true" } });
  const as = (who: Parameters<World["bearer"]>[0]) => world().bearer(who);
  const STORED = "Bearer sk_stored_only_for_the_first_host_4711";
  /** Two hosts (two local servers) that record every request and answer any credentials with records. */
  let first: LocalHttpServer;
  let other: LocalHttpServer;
  const records = (
    _request: unknown,
    response: Parameters<typeof sendJson>[0],
  ) =>
    sendJson(response, 200, { data: [{ id: "r1", email: "r1@example.com" }] });
  beforeAll(async () => {
    [first, other] = await Promise.all([
      startHttpServer(records),
      startHttpServer(records),
    ]);
  });
  afterAll(() => Promise.all([first.close(), other.close()]));

  const authorizations = (server: LocalHttpServer) =>
    server.received.map((request) => request.headers.authorization ?? null);
  const syncNow = async (w: World, sourceId: string) => {
    expect(
      (await w.http.post(`/api/data-sources/${sourceId}/sync`).set(as("alice")))
        .status,
    ).toBe(202);
    const worker = createSyncWorker({
      orm: w.orm,
      fork: () => w.em(),
      config: w.config,
      logger: pino({ level: "silent" }),
      workerId: "secret-test",
      queue: { retryBaseMs: 0 },
      fetch: { retryBaseMs: 1, sleep: noSleep },
    });
    expect(await worker.runDue()).toBe(1);
  };
  const storedSecrets = async (w: World, sourceId: string) =>
    JSON.parse(
      decryptSecret(
        (await w.em().findOneOrFail(DataSource, { id: sourceId })).credentials!,
        w.config.credentialsKey,
      ),
    ) as Record<string, string>;

  it("asks for the secret again when the URL changes, and never sends the stored one to the new host", async () => {
    const w = world();
    const existing = await w
      .em()
      .find(DataSource, {
        companyId: w.companies.acme.id,
        catalogueId: "rest-api",
      });
    for (const source of existing)
      await w.http.delete(`/api/data-sources/${source.id}`).set(as("admin"));
    const settings = {
      url: `${first.base}/customers`,
      recordsPath: "data",
      keyField: "id",
    };
    const connected = await w.http
      .post("/api/data-sources")
      .set(as("alice"))
      .send({
        catalogueId: "rest-api",
        settings: { ...settings, authHeaderValue: STORED },
      });
    expect(connected.status).toBe(201);
    const id = connected.body.id as string;
    const needed =
      "Auth header value is needed again: a stored secret is not sent once API URL changes";

    // Saving the new URL with the secret left out, or blank, is refused naming the secret; nothing changes.
    for (const change of [
      { url: `${other.base}/customers` },
      { url: `${other.base}/customers`, authHeaderValue: "" },
      { url: `${first.base}/elsewhere` },
    ]) {
      const saved = await w.http
        .put(`/api/data-sources/${id}`)
        .set(as("alice"))
        .send({ settings: change });
      expect(saved.status, JSON.stringify(change)).toBe(400);
      expect(saved.body).toMatchObject({
        code: "validation_failed",
        fields: { authHeaderValue: needed },
      });
    }
    const unchanged = await w.em().findOneOrFail(DataSource, { id });
    expect(unchanged.config.settings).toMatchObject({
      url: `${first.base}/customers`,
    });
    expect(await storedSecrets(w, id)).toEqual({ authHeaderValue: STORED });

    // Test connection of the saved source with the new URL and a blank secret: refused the same way, before any request.
    const tested = await w.http
      .post("/api/data-sources/test-connection")
      .set(as("alice"))
      .send({
        catalogueId: "rest-api",
        sourceId: id,
        settings: {
          ...settings,
          url: `${other.base}/customers`,
          authHeaderValue: "",
        },
      });
    expect(tested.status).toBe(400);
    expect(tested.body.fields).toEqual({ authHeaderValue: needed });

    // Sync Now still reads the host the secret was given for.
    await syncNow(w, id);
    expect(authorizations(first)).toEqual([STORED]);
    expect(other.received).toEqual([]);

    // With a secret typed for it, the new URL is saved; the new host only ever sees that secret.
    const moved = await w.http
      .put(`/api/data-sources/${id}`)
      .set(as("alice"))
      .send({
        settings: {
          url: `${other.base}/customers`,
          authHeaderValue: "Bearer typed-for-the-new-host",
        },
      });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await storedSecrets(w, id)).toEqual({
      authHeaderValue: "Bearer typed-for-the-new-host",
    });
    const retested = await w.http
      .post("/api/data-sources/test-connection")
      .set(as("alice"))
      .send({
        catalogueId: "rest-api",
        sourceId: id,
        settings: {
          ...settings,
          url: `${other.base}/customers`,
          authHeaderValue: "",
        },
      });
    expect(retested.status, JSON.stringify(retested.body)).toBe(200);
    await syncNow(w, id);
    expect(authorizations(other)).toEqual([
      "Bearer typed-for-the-new-host",
      "Bearer typed-for-the-new-host",
    ]);
    expect(authorizations(first)).toEqual([STORED]);

    // A change elsewhere (not the address) keeps the stored secret.
    const paged = await w.http
      .put(`/api/data-sources/${id}`)
      .set(as("alice"))
      .send({ settings: { pageSize: "5" } });
    expect(paged.status).toBe(200);
    expect(await storedSecrets(w, id)).toEqual({
      authHeaderValue: "Bearer typed-for-the-new-host",
    });
  });

  it("binds every connector's secrets to the settings that say where they go: changing one asks for them again", () => {
    const another: Record<string, string> = {
      url: "https://elsewhere.example/api",
      text: "elsewhere.example",
      number: "6543",
    };
    const withSecrets = CONNECTOR_DEFINITIONS.filter((definition) =>
      definition.settings.some((setting) => setting.secret),
    );
    expect(
      withSecrets.map((definition) => definition.catalogueId).sort(),
    ).toEqual(
      [
        "adobe-analytics",
        "airtable",
        "amazon-s3",
        "amplitude",
        "bigcommerce",
        "calendly",
        "contentful",
        "dropbox",
        "google-analytics",
        "google-drive",
        "graphql",
        "hubspot",
        "klaviyo",
        "mailchimp",
        "matomo",
        "mixpanel",
        "mysql",
        "notion",
        "paypal",
        "pipedrive",
        "postgresql",
        "rest-api",
        "salesforce",
        "sendgrid",
        "shopify",
        "square",
        "stripe",
        "woocommerce",
        "wordpress",
        "youtube",
      ].sort(),
    );
    for (const definition of withSecrets) {
      const bound = secretsBoundTo(definition);
      expect(bound.length, definition.catalogueId).toBeGreaterThan(0);
      const stored = {
        settings: Object.fromEntries(
          definition.settings
            .filter(
              (setting) => !setting.secret && setting.input !== "checkbox",
            )
            .map((setting) => [
              setting.name,
              setting.input === "url"
                ? "https://first.example"
                : setting.input === "number"
                  ? "1234"
                  : setting.input === "select"
                    ? setting.options![0]!.value
                    : "first",
            ]),
        ),
        secrets: Object.fromEntries(
          definition.settings
            .filter((setting) => setting.secret)
            .map((setting) => [setting.name, `stored-${setting.name}`]),
        ),
      };
      // Unchanged, every stored secret is kept.
      expect(
        checkSettings(definition, {}, stored, { allowPrivate: false }),
        definition.catalogueId,
      ).toEqual({ settings: stored.settings, secrets: stored.secrets });
      for (const name of bound) {
        const setting = definition.settings.find((each) => each.name === name)!;
        const changed = checkSettings(
          definition,
          { [name]: another[setting.input]! },
          stored,
          { allowPrivate: false },
        );
        expect(changed, `${definition.catalogueId}.${name}`).toEqual({
          fields: Object.fromEntries(
            Object.keys(stored.secrets).map((secret) => [
              secret,
              expect.stringContaining(
                `is needed again: a stored secret is not sent once ${setting.label} changes`,
              ),
            ]),
          ),
        });
      }
    }
  });
});

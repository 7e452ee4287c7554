// A real MCP client over stdio, for serve's end-to-end tests: the
// TypeScript SDK v1 (@modelcontextprotocol/sdk, connect()) or v2
// (@modelcontextprotocol/client, in its default mode unless told).
//
// node client.mjs '{"sdk":"v1"|"v2","mode":"","command":"...","args":[...],"env":{...},"logLevel":"warning","calls":[{"name":...,"arguments":{...}}]}'
// node client.mjs '{"sdk":...,"url":"http://127.0.0.1:PORT/mcp",...}' (Streamable HTTP instead of stdio)
//
// It prints one JSON object: the server's version and tools, each call's
// result or error, and the log messages (notifications/message) it heard.
// With "cwd" the server starts there. With "awaitTools", the client asks
// for list-changed notifications as its SDK offers (the Client's
// listChanged option, which refreshes the list itself) and, when its first
// tools/list is empty, waits for the refreshed list; it reports how long
// the first list took (firstListMs), its length (firstTools), and when the
// list with tools came (toolsMs). With "awaitChanged" as well, it waits for
// the refreshed list even when the first had tools (a list serve gave from
// the package's source while it was built, which calls would wait for).
// With logLevel, each request asks for them in its _meta, as 2026-07-28
// has it (a handshake-era server ignores the key).
const spec = JSON.parse(process.argv[2]);

let Client, StdioClientTransport, StreamableHTTPClientTransport, LoggingMessageNotificationSchema;
if (spec.sdk === "v1") {
  ({ Client } = await import("@modelcontextprotocol/sdk/client/index.js"));
  ({ StdioClientTransport } = await import("@modelcontextprotocol/sdk/client/stdio.js"));
  ({ StreamableHTTPClientTransport } = await import("@modelcontextprotocol/sdk/client/streamableHttp.js"));
  ({ LoggingMessageNotificationSchema } = await import("@modelcontextprotocol/sdk/types.js"));
} else {
  ({ Client, StreamableHTTPClientTransport } = await import("@modelcontextprotocol/client"));
  ({ StdioClientTransport } = await import("@modelcontextprotocol/client/stdio"));
}

const started = Date.now();
let refreshed;
const toolsChanged = new Promise((resolve) => (refreshed = resolve));
const options = {
  ...(spec.mode ? { versionNegotiation: { mode: spec.mode } } : {}),
  ...(spec.awaitTools
    ? { listChanged: { tools: { onChanged: (err, items) => { if (!err && items?.length) refreshed(items); } } } }
    : {}),
};
const client = new Client({ name: "serve-e2e-" + spec.sdk, version: "1.0.0" }, options);
const transport = spec.url
  ? new StreamableHTTPClientTransport(new URL(spec.url))
  : new StdioClientTransport({
      command: spec.command,
      args: spec.args,
      env: { ...process.env, ...spec.env },
      ...(spec.cwd ? { cwd: spec.cwd } : {}),
      stderr: "inherit",
    });
const out = { tools: [], calls: [], logs: [] };
// v1 names a notification by its schema, v2 by its method.
client.setNotificationHandler(LoggingMessageNotificationSchema ?? "notifications/message", (n) => {
  out.logs.push(n.params ?? n);
});
const meta = spec.logLevel ? { _meta: { "io.modelcontextprotocol/logLevel": spec.logLevel } } : {};
try {
  await client.connect(transport);
  out.server = client.getServerVersion();
  out.protocolVersion = transport.protocolVersion ?? client.getNegotiatedProtocolVersion?.() ?? null;
  const list = await client.listTools(spec.logLevel ? { ...meta } : undefined);
  out.tools = list.tools;
  if (spec.awaitTools) {
    out.firstListMs = Date.now() - started;
    out.firstTools = list.tools.length;
    if (list.tools.length === 0 || spec.awaitChanged) out.tools = await toolsChanged;
    out.toolsMs = Date.now() - started;
  }
  for (const c of spec.calls) {
    try {
      out.calls.push({ name: c.name, result: await client.callTool({ name: c.name, arguments: c.arguments, ...meta }) });
    } catch (e) {
      out.calls.push({ name: c.name, error: String(e?.message ?? e), code: e?.code });
    }
  }
} catch (e) {
  out.error = String(e?.stack ?? e);
} finally {
  await client.close().catch(() => {});
}
process.stdout.write(JSON.stringify(out) + "\n");

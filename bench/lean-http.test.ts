import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { LeanHttpClient } from "./lean-http";

let server: http.Server | null = null;
let client: LeanHttpClient | null = null;

async function serve(handler: http.RequestListener): Promise<{ port: number; connections: () => number }> {
  let connections = 0;
  server = http.createServer(handler);
  server.on("connection", () => connections++);
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return { port: (server.address() as AddressInfo).port, connections: () => connections };
}

afterEach(async () => {
  client?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(null)));
  server = client = null;
});

describe("the benchmarks' lean HTTP client", () => {
  it("sends method, path, headers and body, reads status and a UTF-8 body, and reuses its connection", async () => {
    const { port, connections } = await serve((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        res.statusCode = req.url === "/missing" ? 404 : 200;
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ method: req.method, url: req.url, cookie: req.headers.cookie, body: Buffer.concat(chunks).toString("utf8") }));
      });
    });
    client = new LeanHttpClient(port, 1);
    const first = await client.request("PUT", "/a?x=1", { cookie: "qias_session=abc" }, '{"answerText":"إجابة"}');
    expect(first.status).toBe(200);
    expect(JSON.parse(first.text)).toEqual({ method: "PUT", url: "/a?x=1", cookie: "qias_session=abc", body: '{"answerText":"إجابة"}' });
    const second = await client.request("GET", "/missing", {});
    expect(second.status).toBe(404);
    expect(JSON.parse(second.text).body).toBe("");
    expect(connections()).toBe(1);
  });

  it("queues requests beyond its connections and answers each with its own response", async () => {
    const { port, connections } = await serve((req, res) => (req.url === "/0" ? setTimeout(() => res.end(req.url), 5) : res.end(req.url)));
    client = new LeanHttpClient(port, 3);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => client!.request("GET", `/${i}`, {})));
    expect(answers.map((a) => a.text)).toEqual(Array.from({ length: 20 }, (_, i) => `/${i}`));
    expect(connections()).toBe(3);
    // Thousands waiting at once (a sitting's start), past the point where the queue is compacted.
    const many = await Promise.all(Array.from({ length: 9_000 }, (_, i) => client!.request("GET", `/${i}`, {})));
    expect(many.every((a, i) => a.text === `/${i}`)).toBe(true);
  });

  it("spreads requests over its open connections, the least recently used first, as a room of devices spreads over a cluster's workers", async () => {
    const { port } = await serve((req, res) => setTimeout(() => res.end(String(req.socket.remotePort)), 5));
    client = new LeanHttpClient(port, 4);
    const opened = await Promise.all(Array.from({ length: 4 }, () => client!.request("GET", "/", {})));
    expect(new Set(opened.map((r) => r.text)).size).toBe(4);
    const used: string[] = [];
    for (let i = 0; i < 8; i++) used.push((await client.request("GET", "/", {})).text);
    // One request at a time, each on the connection idle longest: every connection twice, in turn.
    expect(new Set(used.slice(0, 4)).size).toBe(4);
    expect(used.slice(4)).toEqual(used.slice(0, 4));
  });

  it("opens a new connection after the server closes one, and fails a request whose connection drops", async () => {
    const { port, connections } = await serve((req, res) => {
      if (req.url === "/drop") return req.socket.destroy();
      res.setHeader("connection", "close");
      res.end("bye");
    });
    client = new LeanHttpClient(port, 1);
    expect((await client.request("GET", "/one", {})).text).toBe("bye");
    expect((await client.request("GET", "/two", {})).text).toBe("bye");
    expect(connections()).toBe(2);
    await expect(client.request("GET", "/drop", {})).rejects.toThrow();
  });

  it("sends again, once, a request whose kept-alive connection the server closed as it went out (the idle-close race)", async () => {
    let drops = 0;
    const { port, connections } = await serve((req, res) => {
      // The server closing an idle connection just as the request arrives: no response on that connection.
      if ((req.url === "/raced" && drops++ === 0) || req.url === "/always") return req.socket.destroy();
      res.end(req.url);
    });
    client = new LeanHttpClient(port, 1);
    expect((await client.request("GET", "/first", {})).text).toBe("/first");
    expect((await client.request("POST", "/raced", {}, "{}")).text).toBe("/raced");
    expect(connections()).toBe(2);
    expect((await client.request("GET", "/next", {})).text).toBe("/next");
    // Sent again once; dropped again, it fails.
    await expect(client.request("GET", "/always", {})).rejects.toThrow(/closed before the response/);
  });
});

// Before the server takes traffic, the answer-save path runs a few hundred times with ids that match nothing,
// through a real socket on a private loopback port: V8 compiles the hot functions — Node's HTTP parser and
// socket writes as much as our routes — and the pool opens connections and prepares its statements on them.
// Without it a freshly started server fell behind for its first seconds of an exam morning (decision 0007).
// Nothing is written: the session token belongs to no one and the attempts do not exist. Nor is anything logged
// (http/log.ts: quietly): its requests are not traffic.
import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { writeAnswer } from "./modules/attempts/answer-writer";
import { SESSION_COOKIE } from "./http/context";
import { quietly } from "./http/log";

function put(agent: http.Agent, port: number, path: string, cookie: string, body: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port, path, method: "PUT", agent, headers: { cookie, "content-type": "application/json", "content-length": Buffer.byteLength(body) } },
      (res) => {
        res.resume();
        res.on("end", resolve);
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** Listens on 127.0.0.1:<any> for the warm-up; null where that is not possible (then app.inject stands in). */
async function listenPrivately(app: FastifyInstance): Promise<number | null> {
  const server = app.server;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      // exclusive: in a cluster worker the port is its own, not shared through the primary with the other workers
      // (whose warm-up requests would otherwise reach this one, and be cut when it closes).
      server.listen({ port: 0, host: "127.0.0.1", exclusive: true }, () => {
        server.off("error", reject);
        resolve();
      });
    });
    return (server.address() as AddressInfo).port;
  } catch (err) {
    app.log.warn({ err }, "warm-up: no loopback port, warming through inject instead");
    return null;
  }
}

/** Runs before app.listen(); the app's own HTTP server is closed again afterwards. */
export async function warmUp(app: FastifyInstance, rounds = 300, parallel = 10): Promise<void> {
  await app.ready();
  await quietly(app.log, () => warmUpRequests(app, rounds, parallel));
}

async function warmUpRequests(app: FastifyInstance, rounds: number, parallel: number): Promise<void> {
  const port = await listenPrivately(app);
  const agent = new http.Agent({ keepAlive: true, maxSockets: parallel });
  const cookie = `${SESSION_COOKIE}=warm-up-${randomUUID()}`;
  const request = async (path: string, body: string) => {
    if (port !== null) await put(agent, port, path, cookie, body);
    else await app.inject({ method: "PUT", url: path, headers: { cookie, "content-type": "application/json" }, payload: body });
  };
  try {
    await Promise.all(
      Array.from({ length: parallel }, async () => {
        for (let i = 0; i < rounds / parallel; i++) {
          const examId = randomUUID();
          await request(`/api/attempts/${randomUUID()}/answers/${randomUUID()}`, JSON.stringify({ examId, answerText: "warm-up", clientSeq: 1 }));
          await writeAnswer(app.db, { attemptId: randomUUID(), questionId: randomUUID(), studentId: randomUUID(), examId, selectedOptionId: null, answerText: "warm-up", matching: null, clientSeq: 1 });
        }
      }),
    );
  } finally {
    agent.destroy();
    if (port !== null) {
      app.server.closeAllConnections();
      await new Promise<void>((resolve) => app.server.close(() => resolve()));
    }
  }
}

// A lean HTTP/1.1 keep-alive client for load generation, in the spirit of wrk and autocannon.
//
// Why not node:http: the benchmarks run the client, the server and PostgreSQL on the same two cores, and on
// this machine node:http spends about 0.2 ms of CPU per request (this client about half that) — more than half
// of what the Qias server spends answering a save. The students it stands for each have their own device; a
// client that takes a fifth of the machine measures itself. This one writes each request as one string and reads only the status line,
// Content-Length and the body. It does what a browser does on one connection: one request at a time (no
// pipelining), the connection reused when the server keeps it open, the one idle longest first.
import net from "node:net";

/** `head`: the status line and headers as received (a sign-in's Set-Cookie is read from it). */
export type TResponse = { status: number; text: string; head: string };

type TQueued = { head: string; body: string; resolve: (r: TResponse) => void; reject: (e: Error) => void; retried?: true };
/** `served`: responses it has carried; a connection that has served one may be closed by the server as idle. */
type TConnection = { socket: net.Socket; closed: boolean; buffer: Buffer; served: number; waiting: TQueued | null };

const HEADER_END = Buffer.from("\r\n\r\n");

export class LeanHttpClient {
  private readonly idle: TConnection[] = [];
  private readonly all = new Set<TConnection>();
  /** Requests waiting for a connection, from `next` on: at a sitting's start 20,000 wait at once, and shifting an
   *  array that long moves it all each time. */
  private queue: TQueued[] = [];
  private next = 0;

  constructor(
    private readonly port: number,
    private readonly maxConnections: number,
    private readonly host = "127.0.0.1",
  ) {}

  request(method: string, path: string, headers: Record<string, string>, body = ""): Promise<TResponse> {
    let head = `${method} ${path} HTTP/1.1\r\nhost: ${this.host}:${this.port}\r\ncontent-length: ${Buffer.byteLength(body)}\r\n`;
    for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
    return new Promise((resolve, reject) => {
      this.queue.push({ head: `${head}\r\n`, body, resolve, reject });
      this.pump();
    });
  }

  close(): void {
    for (const c of this.all) c.socket.destroy();
    this.all.clear();
    this.idle.length = 0;
  }

  private pump(): void {
    while (this.next < this.queue.length) {
      // The connection idle longest: requests spread over every open connection, and so over the server's workers
      // (a cluster hands out connections, not requests), as each student's own device would. Reusing the last one
      // sent a quiet minute's requests all to the worker that happened to own it.
      const connection = this.idle.shift() ?? (this.all.size < this.maxConnections ? this.open() : null);
      if (!connection) return;
      const item = this.take();
      connection.waiting = item;
      connection.socket.write(item.head + item.body);
    }
  }

  private take(): TQueued {
    const item = this.queue[this.next++]!;
    if (this.next === this.queue.length) {
      this.queue = [];
      this.next = 0;
    } else if (this.next > 4096 && this.next * 2 > this.queue.length) {
      this.queue = this.queue.slice(this.next);
      this.next = 0;
    }
    return item;
  }

  private open(): TConnection {
    const socket = net.connect(this.port, this.host);
    socket.setNoDelay(true);
    const connection: TConnection = { socket, closed: false, buffer: Buffer.alloc(0), served: 0, waiting: null };
    this.all.add(connection);
    socket.on("data", (chunk: Buffer) => this.onData(connection, chunk));
    const gone = (err?: Error) => {
      if (connection.closed) return;
      connection.closed = true;
      this.all.delete(connection);
      const i = this.idle.indexOf(connection);
      if (i >= 0) this.idle.splice(i, 1);
      const item = connection.waiting;
      connection.waiting = null;
      // A kept-alive connection the server closed as idle just as a request went out on it: the request never
      // reached the server, and is sent again once on another connection, as browsers do.
      if (item && connection.served > 0 && connection.buffer.length === 0 && !item.retried) {
        if (this.next > 0) this.queue[--this.next] = { ...item, retried: true };
        else this.queue.unshift({ ...item, retried: true });
      } else item?.reject(err ?? new Error("connection closed before the response"));
      this.pump();
    };
    socket.on("error", gone);
    socket.on("close", () => gone());
    return connection;
  }

  private onData(connection: TConnection, chunk: Buffer): void {
    connection.buffer = connection.buffer.length ? Buffer.concat([connection.buffer, chunk]) : chunk;
    const headerEnd = connection.buffer.indexOf(HEADER_END);
    if (headerEnd < 0) return;
    const head = connection.buffer.toString("latin1", 0, headerEnd);
    const match = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    if (!match) {
      connection.socket.destroy(new Error(`response without Content-Length: ${head.split("\r\n")[0]}`));
      return;
    }
    const bodyStart = headerEnd + HEADER_END.length;
    const bodyEnd = bodyStart + Number(match[1]);
    if (connection.buffer.length < bodyEnd) return;
    const response = { status: Number(head.slice(9, 12)), text: connection.buffer.toString("utf8", bodyStart, bodyEnd), head };
    connection.buffer = connection.buffer.subarray(bodyEnd);
    connection.served++;
    const waiting = connection.waiting;
    connection.waiting = null;
    if (/\r\nconnection:\s*close/i.test(head)) connection.socket.end();
    else this.idle.push(connection);
    waiting?.resolve(response);
    this.pump();
  }
}

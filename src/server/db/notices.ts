// Notices between processes over PostgreSQL's LISTEN/NOTIFY (issue 17): what one worker or instance changes and
// the others remember — today, who a session belongs to — is told to all of them as the change commits.
// Each process holds one listening connection of its own (outside the pool). While it is down a process cannot
// know what it missed, so `live` is false and whoever remembers things on the strength of these notices must stop
// remembering (and forget what it held) until it is back. The embedded database has one process: no notices.
import { randomUUID } from "node:crypto";
import type pg from "pg";

export type TNotices = {
  /** True while this process is listening: only then is what it remembers sure to be told of changes. */
  readonly live: boolean;
  /** Calls `handler` with each notice on `channel`, and `lost` whenever listening stops (and may have missed some). */
  on(channel: string, handler: (payload: string) => void, lost: () => void): void;
  /**
   * Tells every process, this one included, and waits (at most `ECHO_WAIT_MS`) until the notice has come back here:
   * PostgreSQL hands a notice to every listener at once, so when ours has arrived the others' has been sent too.
   * Call it after the change has committed; it never throws (the change stands either way).
   */
  send(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
};

const ECHO_WAIT_MS = 1000;
const RETRY_MS = 1000;
/** How often the listening connection proves it is alive: a connection dead without a word (a cable, a NAT) is noticed within CHECK_MS + CHECK_TIMEOUT_MS. */
const CHECK_MS = 10_000;
const CHECK_TIMEOUT_MS = 5_000;
/** A notice carries who sent it and a number, so a process can tell its own notice coming back. */
type TWire = { from: string; n: number; body: string };

export function openNotices(connectionString: string, query: (text: string, values: unknown[]) => Promise<unknown>): TNotices {
  const me = randomUUID();
  let sent = 0;
  const echoes = new Map<number, () => void>();
  const handlers = new Map<string, { handler: (payload: string) => void; lost: () => void }[]>();
  let client: pg.Client | null = null;
  let live = false;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  let check: NodeJS.Timeout | null = null;

  const lose = () => {
    const c = client;
    live = false;
    client = null;
    if (check) clearInterval(check);
    check = null;
    c?.end().catch(() => {});
    for (const list of handlers.values()) for (const h of list) h.lost();
    for (const done of echoes.values()) done();
    echoes.clear();
    if (!closed && !retry) retry = setTimeout(connect, RETRY_MS).unref();
  };

  async function connect(): Promise<void> {
    retry = null;
    if (closed) return;
    const { Client } = (await import("pg")).default;
    const c = new Client({ connectionString, connectionTimeoutMillis: 10_000 });
    c.on("error", () => {}); // followed by "end"
    c.on("end", () => client === c && lose());
    c.on("notification", (msg) => {
      if (!msg.payload) return;
      let wire: TWire;
      try {
        wire = JSON.parse(msg.payload) as TWire;
      } catch {
        return; // not ours
      }
      for (const h of handlers.get(msg.channel) ?? []) {
        try {
          h.handler(wire.body);
        } catch {
          // A notice this version cannot read (another version mid-upgrade): forget everything, to be safe.
          h.lost();
        }
      }
      if (wire.from === me) {
        echoes.get(wire.n)?.();
        echoes.delete(wire.n);
      }
    });
    try {
      await c.connect();
      for (const channel of handlers.keys()) await c.query(`LISTEN ${quoteChannel(channel)}`);
      if (closed) return void (await c.end().catch(() => {}));
      client = c;
      live = true;
      check = setInterval(() => {
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise((_, reject) => (timer = setTimeout(reject, CHECK_TIMEOUT_MS)));
        Promise.race([c.query("select 1"), late])
          .catch(() => client === c && lose())
          .finally(() => clearTimeout(timer));
      }, CHECK_MS).unref();
    } catch {
      await c.end().catch(() => {});
      if (!closed && !retry) retry = setTimeout(connect, RETRY_MS).unref();
    }
  }
  const started = connect();

  return {
    get live() {
      return live;
    },
    on(channel, handler, lost) {
      const listen = `LISTEN ${quoteChannel(channel)}`;
      const list = handlers.get(channel);
      if (list) return void list.push({ handler, lost });
      handlers.set(channel, [{ handler, lost }]);
      // A connection made already starts listening now; one still being made listens to every channel known.
      // Until it listens, this process is not sure to hear of changes.
      const c = client;
      if (!c) return;
      live = false;
      c.query(listen).then(
        () => client === c && (live = true),
        () => client === c && lose(),
      );
    },
    async send(channel, payload) {
      const n = ++sent;
      const wire: TWire = { from: me, n, body: payload };
      const echoed = live && handlers.has(channel) ? new Promise<void>((resolve) => echoes.set(n, resolve)) : null;
      try {
        await query("select pg_notify($1, $2)", [channel, JSON.stringify(wire)]);
        if (echoed) {
          let timer: NodeJS.Timeout | undefined;
          await Promise.race([echoed, new Promise<void>((resolve) => (timer = setTimeout(resolve, ECHO_WAIT_MS)))]);
          clearTimeout(timer);
        }
      } catch {
        // The database is away: the others stop honouring what they remember within its horizon anyway.
      } finally {
        echoes.delete(n);
      }
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      if (check) clearInterval(check);
      await started;
      const c = client;
      live = false;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}

function quoteChannel(channel: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`notice channel ${channel}: lower-case letters, digits and _ only`);
  return `"${channel}"`;
}

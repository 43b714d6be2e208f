import net from "node:net";

/**
 * A port nobody listens on now, as the system hands out for port 0. A random pick from a fixed range could land on a
 * port another test or an outgoing connection already holds (36000–38000 lies in Linux's ephemeral range), and did:
 * CI failed once with EADDRINUSE. The port is released before it is returned, so a child process can take it.
 */
export function freePort(host = "127.0.0.1"): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, host, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

import net from 'node:net';

export interface TcpProxy {
  port: number;
  /** Like a database going down: every open connection is cut and new ones are refused. */
  cut(): Promise<void>;
  /** Like the database coming back: connections are accepted on the same port again. */
  resume(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP proxy on 127.0.0.1 in front of `target` (host:port), so a test can take a database away
 * from the portal and give it back, as a restart of PostgreSQL does, without restarting the
 * server other tests share.
 */
export const startTcpProxy = async (target: { host: string; port: number }): Promise<TcpProxy> => {
  const sockets = new Set<net.Socket>();
  const newServer = () =>
    net.createServer((client) => {
      const upstream = net.connect(target.port, target.host);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
  const listen = (server: net.Server, port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port));
    });
  let server: net.Server | null = newServer();
  const port = await listen(server, 0);
  const stop = async () => {
    const closing = server;
    server = null;
    for (const socket of sockets) socket.destroy();
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };
  return {
    port,
    cut: stop,
    resume: async () => {
      if (server) return;
      server = newServer();
      await listen(server, port);
    },
    close: stop,
  };
};

/**
 * A TCP proxy between a server under test and its database: cut() makes the database vanish as a
 * network would (every connection destroyed, nothing listening), restore() brings it back on the
 * same port; hang() makes it a black hole (connections accepted, never answered), as a frozen
 * database host would.
 */
import net from 'node:net';

export interface TcpProxy {
  port: number;
  cut(): Promise<void>;
  hang(): void;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const track = (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => s.destroy());
  };
  let hanging = false;
  const server = net.createServer((client) => {
    track(client);
    if (hanging) return; // held open, never answered
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      if (!server.listening) return resolve();
      server.close(() => resolve());
    });
  const dropAll = () => {
    for (const s of sockets) s.destroy();
  };
  return {
    port,
    cut: stop,
    hang() {
      dropAll();
      hanging = true;
    },
    async restore() {
      hanging = false;
      dropAll();
      if (!server.listening) await listen(port);
    },
    close: stop,
  };
}

/**
 * A TCP relay between the server and PostgreSQL whose connections can be cut
 * abruptly: both sockets of every pair are reset (RST, not FIN), as a network
 * blip, a failover or a proxy restart does. New connections are relayed as
 * before, so the pool can reconnect at once.
 */
import net from 'node:net';

export interface Relay {
  port: number;
  /** Connections open now. */
  open(): number;
  /** Resets every open connection; returns how many were cut. */
  cut(): number;
  close(): Promise<void>;
}

export async function startRelay(target: { host: string; port: number }): Promise<Relay> {
  const pairs = new Set<[net.Socket, net.Socket]>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    const pair: [net.Socket, net.Socket] = [client, upstream];
    pairs.add(pair);
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('the relay has no port');
  return {
    port: address.port,
    open: () => pairs.size,
    cut: () => {
      const n = pairs.size;
      for (const pair of [...pairs]) {
        pairs.delete(pair);
        for (const socket of pair) if (!socket.destroyed) socket.resetAndDestroy();
      }
      return n;
    },
    close: () =>
      new Promise((resolve) => {
        for (const pair of pairs) for (const socket of pair) socket.destroy();
        pairs.clear();
        server.close(() => resolve());
      }),
  };
}

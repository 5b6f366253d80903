import type { IncomingMessage } from 'node:http';

/**
 * The headers through which a client could claim an address (every name a proxy, CDN or load
 * balancer commonly uses). A real gateway sets the ones it owns from the TCP peer and the client
 * cannot choose them; the local backend does the same for all of them, so that no setting of
 * `private.abuse_settings.client_address_header` reads a value the client sent
 * (docs/decisions/016-trusted-address-and-proof-of-work.md).
 */
const CLIENT_ADDRESS_HEADERS = [
  'cf-connecting-ip',
  'cf-connecting-ipv6',
  'true-client-ip',
  'x-real-ip',
  'x-forwarded-for',
  'x-forwarded',
  'forwarded-for',
  'forwarded',
  'x-client-ip',
  'client-ip',
  'x-cluster-client-ip',
  'fastly-client-ip',
  'x-original-forwarded-for',
  'x-appengine-user-ip',
  'x-azure-clientip',
  'x-envoy-external-address',
  'x-remote-addr',
  'remote-addr',
] as const;

/** Any other header that looks like one (x-my-proxy-client-ip…): overwritten too. */
const ADDRESS_LIKE =
  /client-?ip|connecting-ip|real-ip|remote-addr|user-ip|forwarded-for|(^|-)forwarded$/;

/** The TCP peer's address, IPv4-mapped IPv6 written as IPv4. */
export function socketAddress(req: IncomingMessage): string {
  return (req.socket.remoteAddress ?? '').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
}

/**
 * `headers` (lower-cased names) with every client-address header set to the socket's address,
 * whatever the client sent: RFC 7239's `Forwarded` as `for=…` (an IPv6 address quoted in
 * brackets), the others as the bare address.
 */
export function withClientAddress(
  headers: Record<string, string>,
  address: string,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    out[name] = ADDRESS_LIKE.test(name) ? address : value;
  }
  for (const name of CLIENT_ADDRESS_HEADERS) out[name] = address;
  out['forwarded'] = `for=${address.includes(':') ? `"[${address}]"` : address}`;
  return out;
}

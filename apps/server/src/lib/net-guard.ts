import { lookup } from 'node:dns/promises';
import net from 'node:net';

/**
 * Whether an address outside this network may be sent a request carrying a secret (an AI provider's
 * API key). A probe saved http://169.254.169.254/, http://127.0.0.1:6379, http://[::1]:22 and
 * http://0x7f000001:3930 as provider addresses (issue 30, finding 5): the server would have sent
 * the key to its own metadata service or local daemons.
 */

/** IPv4 ranges that are not the public internet: [first octets as a number, prefix length, what]. */
const V4_BLOCKS: Array<[string, number, string]> = [
  ['0.0.0.0', 8, '本机'],
  ['10.0.0.0', 8, '内网'],
  // Carrier-grade NAT; Alibaba Cloud's metadata service is 100.100.100.200.
  ['100.64.0.0', 10, '内网或云服务器元数据'],
  ['127.0.0.0', 8, '本机'],
  // Link-local: 169.254.169.254 is the metadata service of most clouds.
  ['169.254.0.0', 16, '链路本地或云服务器元数据'],
  ['172.16.0.0', 12, '内网'],
  ['192.0.0.0', 24, '保留'],
  ['192.168.0.0', 16, '内网'],
  ['198.18.0.0', 15, '保留'],
  ['224.0.0.0', 4, '组播'],
  ['240.0.0.0', 4, '保留'],
];

function v4ToInt(ip: string): number {
  return ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

function v4Kind(ip: string): string | null {
  const n = v4ToInt(ip);
  for (const [base, bits, what] of V4_BLOCKS) {
    const size = 2 ** (32 - bits);
    const start = v4ToInt(base);
    if (n >= start && n < start + size) return what;
  }
  return null;
}

/** The IPv4 address an IPv6 address carries (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::), if any. */
function embeddedV4(ip: string): string | null {
  const lower = ip.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const a = parseInt(hex[1], 16);
    const b = parseInt(hex[2], 16);
    return `${a >> 8}.${a & 255}.${b >> 8}.${b & 255}`;
  }
  return null;
}

/** What kind of non-public address `ip` is (本机, 内网, …), or null for a public one. */
export function privateKind(ip: string): string | null {
  if (net.isIPv4(ip)) return v4Kind(ip);
  if (!net.isIPv6(ip)) return '无法识别';
  const inner = embeddedV4(ip);
  if (inner) return v4Kind(inner);
  const lower = ip.toLowerCase();
  if (lower === '::' || lower === '::1') return '本机';
  const first = parseInt(lower.split(':')[0] || '0', 16);
  if ((first & 0xfe00) === 0xfc00) return '内网'; // fc00::/7 unique local (fd00:ec2::254 is AWS metadata)
  if ((first & 0xffc0) === 0xfe80) return '链路本地'; // fe80::/10
  if ((first & 0xff00) === 0xff00) return '组播';
  return null;
}

export type Resolver = (host: string) => Promise<string[]>;

const systemResolver: Resolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/**
 * Why `url` must not be called, or null. Every address the host resolves to is checked (a name with
 * one public and one private address is refused). A name that does not resolve is not refused here:
 * nothing can be sent to it, and the address is checked again each time the engine is pointed at it.
 */
export async function privateAddressProblem(
  url: string,
  resolve: Resolver = systemResolver,
): Promise<string | null> {
  let host: string;
  try {
    // WHATWG parsing turns 0x7f000001, 2130706433 and 127.1 into 127.0.0.1.
    host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return '接口地址不是有效的网址';
  }
  let addresses: string[];
  if (net.isIP(host)) addresses = [host];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      return null;
    }
  }
  for (const ip of addresses) {
    const kind = privateKind(ip);
    if (kind) return `接口地址指向${kind}地址（${ip}）`;
  }
  return null;
}

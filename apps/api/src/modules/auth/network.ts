import { BlockList, isIPv4, isIPv6 } from 'node:net';
import type { LimitRule } from '../../limits/rate-limit';
import type { RequesterContext } from '../../providers/push';

/** An IPv4-mapped IPv6 address (`::ffff:1.2.3.4`) as plain IPv4; anything else unchanged. */
function unmapped(ip: string): string {
  const lower = ip.toLowerCase();
  return lower.startsWith('::ffff:') && isIPv4(lower.slice(7)) ? lower.slice(7) : lower;
}

/** Checks addresses against the blocked provider's CIDR ranges (IPv4-mapped IPv6 included). */
export function goodlineMatcher(ranges: readonly string[]): (ip: string) => boolean {
  const list = new BlockList();
  for (const range of ranges) {
    const [address, bits] = range.split('/') as [string, string | undefined];
    const type = isIPv4(address) ? 'ipv4' : 'ipv6';
    list.addSubnet(address, bits === undefined ? (type === 'ipv4' ? 32 : 128) : Number(bits), type);
  }
  return (ip) => {
    const address = unmapped(ip);
    return list.check(address, isIPv4(address) ? 'ipv4' : 'ipv6');
  };
}

/** The first `count` groups of an IPv6 address, without leading zeros (`::` expanded). */
function ipv6Groups(address: string, count: number): string {
  const [head = '', tail] = address.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return groups
    .slice(0, count)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':');
}

/**
 * The unit an address limit counts: the IPv4 address, or the /64 network of an IPv6 address (one
 * subscriber usually holds a whole /64, so counting single IPv6 addresses would not limit anyone).
 */
export function addressBucket(ip: string): string {
  const address = unmapped(ip);
  if (!isIPv6(address)) return address;
  return `${ipv6Groups(address, 4)}::/64`;
}

/**
 * The unit a subnet limit counts (docs/decisions/046): the IPv4 /24 or the IPv6 /48 around the
 * address — what one operator site, office or hosting customer usually holds, so a requester who
 * rotates through its addresses still meets one budget. Subnet budgets are generous beside the
 * address ones: one address alone can never spend its subnet's.
 */
export function subnetBucket(ip: string): string {
  const address = unmapped(ip);
  if (isIPv6(address)) return `${ipv6Groups(address, 3)}::/48`;
  if (!isIPv4(address)) return address;
  return `${address.split('.').slice(0, 3).join('.')}.0/24`;
}

/** Budgets of one kind of request per requester: per address (addressBucket) and per subnet (subnetBucket). */
export interface RequesterBudgets {
  perAddress: number;
  perSubnet: number;
}

/**
 * The two limit rules that count a request from `ip` under `name`: `<name>:ip:<address>` and
 * `<name>:net:<subnet>`, in that order, over the same window (docs/decisions/046).
 */
export function requesterRules(
  name: string,
  ip: string,
  windowSeconds: number,
  budgets: RequesterBudgets,
): LimitRule[] {
  return [
    { key: `${name}:ip:${addressBucket(ip)}`, windowSeconds, limit: budgets.perAddress },
    { key: `${name}:net:${subnetBucket(ip)}`, windowSeconds, limit: budgets.perSubnet },
  ];
}

const deviceNames: Record<string, string> = {
  PC_WEB: 'браузер на компьютере',
  IOS_WEB: 'браузер на iPhone или iPad',
  ANDROID_WEB: 'браузер на Android',
};

/** The requester context of a sign-in asked for from `ip` with the device platform header `platform`. */
export function requesterContext(platform: string | undefined, ip: string, at: Date): RequesterContext {
  return {
    device:
      platform && Object.hasOwn(deviceNames, platform) ? deviceNames[platform]! : 'неизвестное устройство',
    network: addressBucket(ip),
    at,
  };
}

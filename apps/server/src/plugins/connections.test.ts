import { describe, expect, it } from 'vitest';
import { addressKey, trustedProxies } from './connections.ts';

describe('addressKey', () => {
  it('counts an IPv4 address as itself, also mapped into IPv6', () => {
    expect([addressKey('192.0.2.7'), addressKey('::ffff:192.0.2.7'), addressKey('::FFFF:192.0.2.7')]).toEqual([
      '192.0.2.7',
      '192.0.2.7',
      '192.0.2.7',
    ]);
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const key = '2001:db8:0:1::/64';
    expect([
      addressKey('2001:db8:0:1::1'),
      addressKey('2001:0db8:0000:0001:abcd:ef01:2345:6789'),
      addressKey('2001:db8:0:1:ffff::'),
      addressKey('2001:db8::1:0:0:0:1'),
      addressKey('2001:db8:0:1::192.0.2.1'),
    ]).toEqual([key, key, key, key, key]);
    expect(addressKey('2001:db8:0:2::1')).toBe('2001:db8:0:2::/64');
    expect([addressKey('::1'), addressKey('fe80::1%eth0')]).toEqual(['0:0:0:0::/64', 'fe80:0:0:0::/64']);
  });
});

describe('trustedProxies', () => {
  it("holds TRUST_PROXY's addresses, ranges and named ranges, IPv4 ones also mapped into IPv6", () => {
    const list = trustedProxies('10.0.0.5,192.168.8.0/24,2001:db8::/32,loopback');
    const trusted = (address: string) => list.check(address, address.includes(':') ? 'ipv6' : 'ipv4');
    expect(['10.0.0.5', '::ffff:10.0.0.5', '192.168.8.200', '2001:db8:5::1', '127.0.0.1', '::1'].map(trusted)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['10.0.0.6', '192.168.9.1', '2001:db9::1', '203.0.113.1'].map(trusted)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('holds nothing without TRUST_PROXY', () => {
    expect(trustedProxies(false).check('127.0.0.1', 'ipv4')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { privateAddressProblem, privateKind } from './net-guard.ts';

describe('provider addresses outside this network only (issue 30, finding 5)', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.100.100.200',
    '0.0.0.0',
    '::1',
    '::',
    'fe80::1',
    'fd00:ec2::254',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '64:ff9b::a9fe:a9fe',
    '224.0.0.1',
  ])('%s is not public', (ip) => {
    expect(privateKind(ip)).not.toBeNull();
  });

  it.each(['8.8.8.8', '172.32.0.1', '100.128.0.1', '2001:4860:4860::8888', '::ffff:8.8.8.8'])(
    '%s is public',
    (ip) => {
      expect(privateKind(ip)).toBeNull();
    },
  );

  it.each([
    'http://169.254.169.254/latest/meta-data/',
    'http://127.0.0.1:6379',
    'http://[::1]:22',
    'http://0x7f000001:3930',
    'http://2130706433/',
    'http://127.1/',
    'http://[::ffff:169.254.169.254]/',
  ])('the probe’s %s is refused', async (url) => {
    expect(await privateAddressProblem(url, async () => ['8.8.8.8'])).toMatch(/^接口地址指向/);
  });

  it('checks every address a name resolves to, and lets a public name or an unknown one pass', async () => {
    const rebinding = async () => ['8.8.8.8', '10.0.0.5'];
    expect(await privateAddressProblem('https://models.example/v1', rebinding)).toContain('10.0.0.5');
    expect(await privateAddressProblem('https://api.example/v1', async () => ['8.8.4.4'])).toBeNull();
    const missing = async (): Promise<string[]> => {
      throw new Error('ENOTFOUND');
    };
    expect(await privateAddressProblem('https://nowhere.example/v1', missing)).toBeNull();
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { LOGIN_REDIRECT_KEY } from '@bid/shared';
import {
  consumeLoginRedirect,
  forgetLoginRedirect,
  isSafeRedirect,
  rememberLoginRedirect,
} from './loginRedirect.ts';

describe('login redirect', () => {
  beforeEach(() => sessionStorage.clear());

  it('returns the remembered path once, then /home', () => {
    rememberLoginRedirect('/home/book?id=3#c1');
    expect(sessionStorage.getItem(LOGIN_REDIRECT_KEY)).toBe('/home/book?id=3#c1');
    expect(consumeLoginRedirect()).toBe('/home/book?id=3#c1');
    expect(consumeLoginRedirect()).toBe('/home');
  });

  it('forgets the remembered path (explicit logout)', () => {
    rememberLoginRedirect('/home/account');
    forgetLoginRedirect();
    expect(consumeLoginRedirect()).toBe('/home');
  });

  it('returns /home when nothing was remembered', () => {
    expect(consumeLoginRedirect()).toBe('/home');
  });

  it('never redirects off the site', () => {
    for (const bad of [
      '//evil.example/x',
      'https://evil.example',
      'javascript:alert(1)',
      '/\\evil.example',
    ]) {
      expect(isSafeRedirect(bad)).toBe(false);
      rememberLoginRedirect(bad);
      expect(consumeLoginRedirect()).toBe('/home');
    }
    sessionStorage.setItem(LOGIN_REDIRECT_KEY, '//evil.example');
    expect(consumeLoginRedirect()).toBe('/home');
  });
});

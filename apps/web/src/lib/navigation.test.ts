import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentPath, navigate, setNavigator } from './navigation.ts';

describe('navigation outside React', () => {
  afterEach(() => setNavigator(null));

  it('uses the registered router navigate', () => {
    const fn = vi.fn();
    setNavigator(fn);
    navigate('/home', { replace: true });
    expect(fn).toHaveBeenCalledWith('/home', { replace: true });
  });

  it('falls back to window.location.assign when no router is registered', () => {
    const assign = vi.fn();
    const original = window.location;
    Object.defineProperty(window, 'location', {
      configurable: true,
      value: { ...original, assign, replace: vi.fn() },
    });
    try {
      navigate('/');
      expect(assign).toHaveBeenCalledWith('/');
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: original });
    }
  });

  it('currentPath has path, query and hash', () => {
    window.history.replaceState(null, '', '/home/book/BidingWrite?id=5#c2');
    expect(currentPath()).toBe('/home/book/BidingWrite?id=5#c2');
  });
});

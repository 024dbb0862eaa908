import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyScroll, hashTarget } from './scroll.ts';

describe('applyScroll', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('scrolls to the top without a hash', () => {
    const scrollTo = vi.fn();
    expect(applyScroll('', document, { scrollTo } as unknown as Window)).toBe(true);
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0 });
  });

  it('scrolls the hash target into view instead of the top', () => {
    document.body.innerHTML = '<div id="员工">x</div>';
    const el = document.getElementById('员工')!;
    el.scrollIntoView = vi.fn();
    const scrollTo = vi.fn();
    expect(applyScroll(`#${encodeURIComponent('员工')}`, document, { scrollTo } as unknown as Window)).toBe(
      true,
    );
    expect(el.scrollIntoView).toHaveBeenCalled();
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('reports a missing target so the caller can retry', () => {
    const scrollTo = vi.fn();
    expect(applyScroll('#later', document, { scrollTo } as unknown as Window)).toBe(false);
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('decodes the hash and treats # alone as no hash', () => {
    expect(hashTarget('#a%20b')).toBe('a b');
    expect(hashTarget('#')).toBeNull();
    expect(hashTarget('#%E0%A4%A')).toBe('%E0%A4%A');
  });
});

import { describe, expect, it, vi } from 'vitest';
import { moveQueryTokenToFragment, readFragmentToken } from './link-token.ts';

describe('one-time link tokens', () => {
  it('reads the token of the fragment', () => {
    expect(readFragmentToken('#token=abc_DEF-123')).toBe('abc_DEF-123');
    expect(readFragmentToken('token=abc')).toBe('abc');
    expect(readFragmentToken('')).toBe('');
    expect(readFragmentToken('#other=1')).toBe('');
  });

  it('moves the token of an older ?token= link into the fragment, replacing the history entry', () => {
    const replaceState = vi.fn();
    const moved = moveQueryTokenToFragment(
      { pathname: '/ops/accept-invite', search: '?token=abc_DEF-123&x=1', hash: '' },
      { replaceState, state: { idx: 0 } },
    );
    expect(moved).toBe(true);
    expect(replaceState).toHaveBeenCalledWith({ idx: 0 }, '', '/ops/accept-invite?x=1#token=abc_DEF-123');
  });

  it('leaves an address without a query token alone', () => {
    const replaceState = vi.fn();
    const moved = moveQueryTokenToFragment(
      { pathname: '/ops/accept-invite', search: '', hash: '#token=a' },
      { replaceState, state: null },
    );
    expect(moved).toBe(false);
    expect(replaceState).not.toHaveBeenCalled();
  });
});

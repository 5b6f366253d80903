// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isOffline, onReconnect, useOnline } from '@/lib/use-online';

/**
 * The one reading of the browser's network state (src/lib/use-online.ts), used by the door, the
 * jury and the public pages' refetch.
 */
const setNetwork = (online: boolean) => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
};

afterEach(() => vi.restoreAllMocks());

describe('useOnline', () => {
  it('follows the browser as the network goes and comes back', () => {
    const { result } = renderHook(() => useOnline());
    expect(result.current).toBe(true);
    act(() => setNetwork(false));
    expect(result.current).toBe(false);
    expect(isOffline()).toBe(true);
    act(() => setNetwork(true));
    expect(result.current).toBe(true);
    expect(isOffline()).toBe(false);
  });

  it('stops listening when the component goes', () => {
    const removed = vi.spyOn(window, 'removeEventListener');
    const { unmount } = renderHook(() => useOnline());
    unmount();
    expect(removed.mock.calls.map(([type]) => type).sort()).toEqual(['offline', 'online']);
  });
});

describe('onReconnect', () => {
  it('calls back each time the network comes back, until stopped', () => {
    const back = vi.fn();
    const stop = onReconnect(back);
    setNetwork(false);
    setNetwork(true);
    setNetwork(true);
    expect(back).toHaveBeenCalledTimes(2);
    stop();
    setNetwork(true);
    expect(back).toHaveBeenCalledTimes(2);
  });
});

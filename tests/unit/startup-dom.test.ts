// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runStartup } from '@/lib/startup';

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('runStartup in a browser', () => {
  it('rewrites /faq to /faq/ in place, stores the version marker once idle and logs global errors', () => {
    vi.useFakeTimers();
    window.history.replaceState({ key: 'k' }, '', '/faq?ref=whatsapp#q3');
    const lengthBefore = window.history.length;
    localStorage.setItem('app_version', '1.0.0');
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});

    runStartup();

    expect(window.location.pathname).toBe('/faq/');
    expect(window.location.search).toBe('?ref=whatsapp');
    expect(window.location.hash).toBe('#q3');
    expect(window.history.length).toBe(lengthBefore); // replaced, not pushed
    expect(window.history.state).toEqual({ key: 'k' });
    // Not while the page starts: once the browser is idle (jsdom has no requestIdleCallback).
    expect(localStorage.getItem('app_version')).toBe('1.0.0');
    vi.advanceTimersByTime(200);
    expect(localStorage.getItem('app_version')).toBe('1.0.1');

    const error = new Error('boom');
    window.dispatchEvent(new ErrorEvent('error', { error, message: 'boom' }));
    expect(log).toHaveBeenCalledWith(expect.any(String), error);
  });

  it('leaves file paths alone', () => {
    window.history.replaceState(null, '', '/robots.txt');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    runStartup();
    expect(window.location.pathname).toBe('/robots.txt');
  });
});

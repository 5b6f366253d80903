import { useState, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { lazyHydrated } from '@/lib/lazy-page';

/**
 * lazyHydrated (src/lib/lazy-page.ts; docs/decisions/011-prerendered-public-pages.md, rule 10):
 * a part of a prerendered page whose code arrives after the page is hydrated. Its HTML stays as
 * the build wrote it until then (no hydration error: tests/setup/dom.ts fails a test on any
 * console.error), a render of the page around it does not replace it, and once its chunk is in,
 * React hydrates the same elements.
 */

/** A download the test settles by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}

function Counter() {
  const [count, setCount] = useState(0);
  return (
    <p>
      <button type="button" onClick={() => setCount((n) => n + 1)}>
        Clics : {count}
      </button>
      <a href="/faq">FAQ</a>
    </p>
  );
}

/** The page around the part: a state of its own, which a click changes. */
function pageWith(Part: ComponentType) {
  return function Page() {
    const [renders, setRenders] = useState(0);
    return (
      <main>
        <h1>Accueil</h1>
        <button type="button" onClick={() => setRenders((n) => n + 1)}>
          Page {renders}
        </button>
        <Part />
      </main>
    );
  };
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

/** The build's HTML of the page, its part rendered whole (as the prerender does). */
async function buildHtml(): Promise<HTMLElement> {
  const Built = lazyHydrated(() => Promise.resolve(Counter));
  await Built.preload();
  const Page = pageWith(Built);
  const host = document.createElement('div');
  host.innerHTML = renderToString(<Page />);
  document.body.append(host);
  return host;
}

const counter = () => screen.getByRole('button', { name: /^Clics/ });
const link = () => screen.getByRole('link', { name: 'FAQ' });

describe('lazyHydrated', () => {
  it('keeps the HTML until its chunk arrives, through a render of the page, then hydrates it', async () => {
    const host = await buildHtml();
    const painted = { counter: counter(), link: link() };
    expect(painted.counter).toHaveTextContent('Clics : 0');

    const chunk = deferred<ComponentType>();
    const Part = lazyHydrated(() => chunk.promise);
    const Page = pageWith(Part);
    await act(async () => {
      root = hydrateRoot(host, <Page />);
    });

    // The page around the part is hydrated and answers; the part's HTML is still the build's.
    fireEvent.click(screen.getByRole('button', { name: /^Page/ }));
    expect(screen.getByRole('button', { name: /^Page/ })).toHaveTextContent('Page 1');
    expect(counter()).toBe(painted.counter);
    expect(link()).toBe(painted.link);
    // Not hydrated yet: React does not handle its clicks.
    fireEvent.click(painted.counter);
    expect(counter()).toHaveTextContent('Clics : 0');

    await act(async () => chunk.resolve(Counter));
    // The same elements, now React's.
    expect(counter()).toBe(painted.counter);
    expect(link()).toBe(painted.link);
    fireEvent.click(painted.counter);
    expect(counter()).toHaveTextContent('Clics : 1');
  });

  it('asks for its chunk once, however often it is rendered, and renders at once once loaded', async () => {
    let downloads = 0;
    const Part = lazyHydrated(() => {
      downloads += 1;
      return Promise.resolve(Counter);
    });
    await Promise.all([Part.preload(), Part.preload()]);
    expect(downloads).toBe(1);
    // Rendered anew (not hydrated) after preload(): the part is there in the first commit.
    render(<Part />);
    expect(counter()).toHaveTextContent('Clics : 0');
    expect(downloads).toBe(1);
  });
});

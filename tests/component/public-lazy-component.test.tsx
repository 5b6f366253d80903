import { Component, useState, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazyComponent } from '@/lib/lazy-component';

/** A download the test settles by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function Greeting({ name }: { name: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      Bonjour {name} ({count})
    </button>
  );
}

const Loading = () => <p role="status">Chargement du formulaire…</p>;

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? <p>Oops! Une erreur est survenue</p> : this.props.children;
  }
}

describe('lazyComponent', () => {
  it('shows the fallback until the chunk arrives, then the component with its props, once', async () => {
    const download = deferred<typeof Greeting>();
    const load = vi.fn(() => download.promise);
    const LazyGreeting = lazyComponent(load);
    const { rerender } = render(<LazyGreeting name="Awa" fallback={<Loading />} />);
    expect(screen.getByRole('status')).toHaveTextContent('Chargement du formulaire…');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();

    await act(async () => download.resolve(Greeting));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Bonjour Awa (0)' }));

    // A re-render keeps the same instance (its state), and the chunk was asked for once.
    rerender(<LazyGreeting name="Awa" fallback={<Loading />} />);
    expect(screen.getByRole('button', { name: 'Bonjour Awa (1)' })).toBeVisible();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('renders at once, without the fallback, when the chunk is already loaded', async () => {
    const LazyGreeting = lazyComponent(() => Promise.resolve(Greeting));
    await LazyGreeting.preload();
    render(<LazyGreeting name="Paul" fallback={<Loading />} />);
    expect(screen.getByRole('button', { name: 'Bonjour Paul (0)' })).toBeVisible();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('gives a failed download to the error boundary, and tries again on the next mount', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi
      .fn<() => Promise<typeof Greeting>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce(Greeting);
    const LazyGreeting = lazyComponent(load);
    const { unmount } = render(
      <Boundary>
        <LazyGreeting name="Awa" fallback={<Loading />} />
      </Boundary>,
    );
    expect(await screen.findByText('Oops! Une erreur est survenue')).toBeVisible();
    unmount();
    logged.mockRestore();

    render(<LazyGreeting name="Awa" fallback={<Loading />} />);
    expect(await screen.findByRole('button', { name: 'Bonjour Awa (0)' })).toBeVisible();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

import './lib/run-startup'; // first: fixes the URL before the router reads it
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';
import App from './app/App';
import { preloadRoute } from './app/routes';

// A new deployment replaced the chunks this tab refers to (a lazy page fails to load): reload
// once to get the new ones; a second failure within 10 s is left to the error boundary.
window.addEventListener('vite:preloadError', (event) => {
  try {
    const last = Number(sessionStorage.getItem('chunk_reload_at') ?? 0);
    if (Date.now() - last < 10_000) return;
    sessionStorage.setItem('chunk_reload_at', String(Date.now()));
  } catch {
    return; // storage unavailable: no loop guard, no reload
  }
  event.preventDefault();
  window.location.reload();
});

// The current page's chunk is fetched before the first render: one complete paint, no layout shift.
void preloadRoute(window.location.pathname).then(() => {
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

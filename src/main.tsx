import './lib/run-startup'; // first: fixes the URL before the router reads it
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';
import App from './app/App';
import { preloadRoute } from './app/router';

// The current page's chunk is fetched before the first render: one complete paint, no layout shift.
void preloadRoute(window.location.pathname).then(() => {
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

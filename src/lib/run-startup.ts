import { runStartup } from './startup';

// Imported first by src/main.tsx, so the address is fixed before the router reads it.
runStartup();

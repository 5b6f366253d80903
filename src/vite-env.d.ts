/// <reference types="vite/client" />

/**
 * Set by vite.config.ts: true when this code may fall back to the embedded local backend (the dev
 * server, and builds that opt in with VITE_LOCAL_BACKEND=true); false in a production build, so
 * the local demo key is left out of it. Undefined outside Vite (tests, Node scripts).
 */
declare const __LOCAL_BACKEND__: boolean | undefined;

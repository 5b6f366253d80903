/// <reference types="vite/client" />

/** True when the build talks to the embedded local backend (VITE_SUPABASE_URL unset). */
declare const __LOCAL_BACKEND__: boolean;

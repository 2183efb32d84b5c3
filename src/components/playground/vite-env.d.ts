// Vite client types (import.meta.glob, `?worker` imports) for the playground, also when .astro/ has not been generated.
/// <reference types="vite/client" />

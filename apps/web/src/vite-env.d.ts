/// <reference types="vite/client" />

/** The product version, from the root package.json. */
declare const __APP_VERSION__: string;

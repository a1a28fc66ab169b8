/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** '1'/'0': force call encryption on or off (default: on in production builds). */
  readonly VITE_ENCRYPT?: string;
  readonly VITE_CIPHER_KEY?: string;
  readonly VITE_CIPHER_IV?: string;
}

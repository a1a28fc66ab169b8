/**
 * The contract module, loaded on first use. Its route table builds zod schemas at import time,
 * so a static import would put the whole contract and zod into the first-load bundle.
 * Screens (already code-split) may import '@app/contract' directly.
 */
export type ContractModule = typeof import('@app/contract');

let loading: Promise<ContractModule> | null = null;

export const loadContract = (): Promise<ContractModule> =>
  (loading ??= import('@app/contract').catch((e: unknown) => {
    // A chunk that failed (offline, server restarting) is fetched again by the next call.
    loading = null;
    throw e;
  }));

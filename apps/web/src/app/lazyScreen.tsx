import { Component, lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '@app/kit';
import { LoadError } from '../components/EmptyState';
import { PageLoading } from '../components/PageLoading';
import { t } from '../locale/i18n';
import { reloadFailedStyles } from './reloadFailedStyles';

type Loader = () => Promise<{ default: ComponentType }>;

/** A code-split screen; `preload()` starts fetching its chunk before the route opens. */
export type LazyScreen = ComponentType & { preload(): void };

export class ChunkTimeoutError extends Error {
  constructor() {
    super('chunk load timeout');
    this.name = 'ChunkTimeoutError';
  }
}

/** A screen's code could not be fetched (offline, server down): worth trying again by itself. */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('chunk load failed', { cause });
    this.name = 'ChunkLoadError';
  }
}

/** How often a screen that failed to load tries again while online (the server may be restarting). */
export const CHUNK_RETRY_MS = 3_000;

/** Rejects a load that hangs, so it is reported (seed §8: by 120 s at the latest). */
export function withTimeout<T>(p: Promise<T>, ms: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkTimeoutError()), ms);
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

interface BoundaryProps {
  onRetry: () => void;
  children: ReactNode;
}

/** Catches a screen that failed to load (or crashed) and offers a retry instead of a blank page. */
export class ScreenBoundary extends Component<BoundaryProps, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error) {
    console.error('[screen]', error);
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const timeout = error instanceof ChunkTimeoutError;
    const retry = () => {
      reloadFailedStyles();
      this.props.onRetry();
      this.setState({ error: null });
    };
    return (
      <div className="page page--default screen-error" data-testid="screen-error">
        {(timeout || error instanceof ChunkLoadError) && <RetryByItself onRetry={retry} />}
        <LoadError title={timeout ? t('error.chunkTimeout') : t('error.chunk')} description={t('error.chunkDesc')} onRetry={retry} />
      </div>
    );
  }
}

/** Tries a failed load again when the network returns, and every few seconds while online. */
function RetryByItself({ onRetry }: { onRetry: () => void }) {
  useEffect(() => {
    window.addEventListener('online', onRetry);
    const timer = window.setInterval(() => {
      if (navigator.onLine) onRetry();
    }, CHUNK_RETRY_MS);
    return () => {
      window.removeEventListener('online', onRetry);
      window.clearInterval(timer);
    };
  }, [onRetry]);
  return null;
}

/**
 * A code-split screen: its chunk loads when the route opens. A failed or hung load shows an error
 * with a retry that makes a fresh import (React caches a rejected lazy, so a new one is made).
 */
export function lazyScreen(load: Loader): LazyScreen {
  const make = () =>
    lazy(() =>
      withTimeout(load()).catch((e: unknown) => {
        throw e instanceof ChunkTimeoutError ? e : new ChunkLoadError(e);
      }),
    );
  let Lazy = make();
  function Screen() {
    const [, setAttempt] = useState(0);
    return (
      <ScreenBoundary
        onRetry={() => {
          Lazy = make();
          setAttempt((n) => n + 1);
        }}
      >
        <Suspense fallback={<PageLoading />}>
          <Lazy />
        </Suspense>
      </ScreenBoundary>
    );
  }
  return Object.assign(Screen, { preload: () => void load().catch(() => undefined) });
}

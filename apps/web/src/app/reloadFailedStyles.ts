/** Stylesheet links whose load failed (a failed link still has an empty sheet: only its error event tells). */
const failed = new Set<HTMLLinkElement>();

if (typeof document !== 'undefined') {
  document.addEventListener(
    'error',
    (e) => {
      if (e.target instanceof HTMLLinkElement && e.target.rel === 'stylesheet') failed.add(e.target);
    },
    true,
  );
}

/**
 * Loads again the stylesheets that failed to load. The build's loader skips a chunk's CSS when its
 * link is already in the page, so after a failed load (server down, offline) a screen whose code
 * loads on a retry would otherwise stay unstyled for good.
 */
export function reloadFailedStyles(): void {
  for (const link of failed) {
    failed.delete(link);
    if (!link.isConnected) continue;
    const fresh = document.createElement('link');
    fresh.rel = 'stylesheet';
    fresh.href = link.href;
    if (link.crossOrigin !== null) fresh.crossOrigin = link.crossOrigin;
    link.replaceWith(fresh);
  }
}

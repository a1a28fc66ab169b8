/**
 * Danmaku: a screen with lines flying across it; struck through when off. Drawn as the app's other
 * line icons (1em, currentColor, 1.8 stroke), so it sits beside antd-mobile's.
 */
export function DanmakuIcon({ off = false }: { off?: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      data-off={off || undefined}
      aria-hidden
    >
      <path d="M5.5 4.5h13a3 3 0 0 1 3 3v9a3 3 0 0 1-3 3h-13a3 3 0 0 1-3-3v-9a3 3 0 0 1 3-3z" />
      {off ? <path d="M7 9.5h4M7 14.5h2.5M3 3l18 18" /> : <path d="M7 9.5h5.5M15.5 9.5h1.5M7 14.5h2.5M12.5 14.5h4.5" />}
    </svg>
  );
}

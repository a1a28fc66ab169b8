/* Room icons antd-mobile-icons lacks (screen share, camera off, rotate, share, flip, clip, red envelope). 1em, currentColor. */
const svg = (...paths: string[]) =>
  function Icon() {
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
        aria-hidden
      >
        {paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    );
  };

export const ScreenIcon = svg('M3 5h18v11H3zM8 20h8M12 16v4', 'M12 13V8M9.5 10.5 12 8l2.5 2.5');
export const CameraIcon = svg('M3 7h12v10H3zM15 10l6-3v10l-6-3');
export const CameraOffIcon = svg('M3 7h12v10H3zM15 10l6-3v10l-6-3', 'M2 3l20 18');
export const RotateIcon = svg('M4 12a8 8 0 0 1 14-5.3L20 9M20 4v5h-5', 'M20 12a8 8 0 0 1-14 5.3L4 15M4 20v-5h5');
export const FlipIcon = svg('M12 3v18M8 7 3 12l5 5M16 7l5 5-5 5');
export const ShareIcon = svg('M4 12v7h16v-7M12 3v12M7.5 7.5 12 3l4.5 4.5');
export const MicIcon = svg('M12 3a3 3 0 0 1 3 3v6a3 3 0 0 1-6 0V6a3 3 0 0 1 3-3zM5 11a7 7 0 0 0 14 0M12 18v3');
export const MicOffIcon = svg('M12 3a3 3 0 0 1 3 3v6a3 3 0 0 1-6 0V6a3 3 0 0 1 3-3zM5 11a7 7 0 0 0 14 0M12 18v3', 'M3 3l18 18');
export const QueueIcon = svg('M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21a7 7 0 0 1 14 0M19 8v6M16 11h6');
export const ClipIcon = svg('M6 3a3 3 0 1 0 0 6 3 3 0 1 0 0-6zM6 15a3 3 0 1 0 0 6 3 3 0 1 0 0-6z', 'M20 4 8.1 15.9M14.5 14.5 20 20M8.1 8.1 12 12');
export const EnvelopeIcon = svg(
  'M6.5 2.5h11a2 2 0 0 1 2 2v15a2 2 0 0 1-2 2h-11a2 2 0 0 1-2-2v-15a2 2 0 0 1 2-2z',
  'M4.5 8.5c4.5 3.2 10.5 3.2 15 0',
  'M12 9.8a2 2 0 1 0 0 4 2 2 0 1 0 0-4z',
);

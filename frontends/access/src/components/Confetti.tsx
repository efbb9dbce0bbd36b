import { useEffect, useMemo, useState } from 'react';

const COLOURS = ['#a5bf99', '#cfb791', '#5a5e9f', '#c79a3a', '#e3d4bb', '#83a276', '#c0603f'];

/** Soft confetti for about 3 seconds (spec: welcome page), skipped for people who prefer reduced motion. */
export function Confetti({ durationMs = 3000, pieces = 70 }: { durationMs?: number; pieces?: number }) {
  const [visible, setVisible] = useState(
    () => !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches,
  );
  useEffect(() => {
    const timer = setTimeout(() => setVisible(false), durationMs);
    return () => clearTimeout(timer);
  }, [durationMs]);
  const items = useMemo(
    () =>
      Array.from({ length: pieces }, (_, i) => ({
        left: Math.random() * 100,
        delay: Math.random() * 0.9,
        fall: 1.8 + Math.random() * 1.2,
        drift: (Math.random() - 0.5) * 120,
        spin: 360 + Math.random() * 540,
        size: 6 + Math.random() * 7,
        round: i % 3 === 0,
        colour: COLOURS[i % COLOURS.length]!,
      })),
    [pieces],
  );
  if (!visible) return null;
  return (
    <div
      aria-hidden="true"
      data-testid="confetti"
      className="pointer-events-none fixed inset-0 z-50 overflow-hidden"
    >
      {items.map((p, i) => (
        <span
          key={i}
          className="mer-confetti-piece absolute -top-4 block"
          style={
            {
              left: `${p.left}%`,
              width: p.size,
              height: p.round ? p.size : p.size * 0.45,
              borderRadius: p.round ? '9999px' : '2px',
              backgroundColor: p.colour,
              animationDelay: `${p.delay}s`,
              animationDuration: `${p.fall}s`,
              '--drift': `${p.drift}px`,
              '--spin': `${p.spin}deg`,
            } as React.CSSProperties
          }
        />
      ))}
    </div>
  );
}

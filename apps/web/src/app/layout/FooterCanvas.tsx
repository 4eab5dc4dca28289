import { useEffect, useRef } from 'react';

/**
 * The canvas behind the footer (decorative, aria-hidden). Its animation (footer-dots.ts) loads when the footer
 * comes within 400 px of the screen, so a page whose footer is below the fold does not download it first.
 */
export function FooterCanvas({ className }: { className?: string }) {
  const ref = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = ref.current;
    if (!canvas) return;
    let stop: (() => void) | null = null;
    let gone = false;
    const load = () =>
      void import('./footer-dots').then(({ animateDots }) => {
        if (!gone) stop = animateDots(canvas);
      });
    const io =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver(
            ([entry]) => {
              if (!entry?.isIntersecting) return;
              io?.disconnect();
              load();
            },
            { rootMargin: '400px' },
          )
        : null;
    if (io) io.observe(canvas);
    else load();
    return () => {
      gone = true;
      io?.disconnect();
      stop?.();
    };
  }, []);

  return <canvas ref={ref} className={className} aria-hidden="true" />;
}

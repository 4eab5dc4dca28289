interface Dot {
  x: number;
  y: number;
  vx: number;
  vy: number;
  r: number;
  accent: boolean;
}

const LINK_DISTANCE = 120;

/**
 * Drifting connected dots on the footer's canvas (decorative). Draws one still frame when the user prefers
 * reduced motion, pauses while off-screen or while the tab is hidden. Returns the function that stops it.
 * Loaded when the footer comes near the screen (FooterCanvas), not with the page.
 */
export function animateDots(canvas: HTMLCanvasElement): () => void {
  const ctx = canvas?.getContext?.('2d');
  if (!ctx) return () => undefined;

  const reduced = typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-reduced-motion: reduce)') : null;
  let dots: Dot[] = [];
  let width = 0;
  let height = 0;
  let frame = 0;
  let onScreen = true;

  const seed = () => {
    const count = Math.min(70, Math.max(16, Math.round((width * height) / 14000)));
    dots = Array.from({ length: count }, (_, i) => ({
      x: Math.random() * width,
      y: Math.random() * height,
      vx: (Math.random() - 0.5) * 0.35,
      vy: (Math.random() - 0.5) * 0.35,
      r: 1.2 + Math.random() * 1.8,
      accent: i % 7 === 0,
    }));
  };

  const resize = () => {
    const rect = canvas.getBoundingClientRect();
    const dpr = Math.min(window.devicePixelRatio || 1, 2);
    width = Math.max(1, rect.width);
    height = Math.max(1, rect.height);
    canvas.width = Math.round(width * dpr);
    canvas.height = Math.round(height * dpr);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    seed();
  };

  const draw = () => {
    ctx.clearRect(0, 0, width, height);
    for (let i = 0; i < dots.length; i++) {
      const a = dots[i]!;
      for (let j = i + 1; j < dots.length; j++) {
        const b = dots[j]!;
        const d = Math.hypot(a.x - b.x, a.y - b.y);
        if (d < LINK_DISTANCE) {
          ctx.strokeStyle = `rgba(122, 162, 230, ${0.28 * (1 - d / LINK_DISTANCE)})`;
          ctx.lineWidth = 1;
          ctx.beginPath();
          ctx.moveTo(a.x, a.y);
          ctx.lineTo(b.x, b.y);
          ctx.stroke();
        }
      }
    }
    for (const dot of dots) {
      ctx.fillStyle = dot.accent ? 'rgba(245, 158, 11, 0.75)' : 'rgba(160, 190, 240, 0.6)';
      ctx.beginPath();
      ctx.arc(dot.x, dot.y, dot.r, 0, Math.PI * 2);
      ctx.fill();
    }
  };

  const step = () => {
    for (const dot of dots) {
      dot.x += dot.vx;
      dot.y += dot.vy;
      if (dot.x < 0 || dot.x > width) dot.vx *= -1;
      if (dot.y < 0 || dot.y > height) dot.vy *= -1;
    }
    draw();
    frame = requestAnimationFrame(step);
  };

  const stop = () => {
    if (frame) cancelAnimationFrame(frame);
    frame = 0;
  };
  const start = () => {
    if (frame || reduced?.matches || !onScreen || document.hidden) return;
    frame = requestAnimationFrame(step);
  };

  resize();
  draw();
  start();

  const onVisibility = () => (document.hidden ? stop() : start());
  const onMotion = () => {
    if (reduced?.matches) {
      stop();
      draw();
    } else start();
  };
  document.addEventListener('visibilitychange', onVisibility);
  reduced?.addEventListener?.('change', onMotion);

  const io =
    typeof IntersectionObserver === 'function'
      ? new IntersectionObserver(([entry]) => {
          onScreen = entry?.isIntersecting ?? true;
          if (onScreen) start();
          else stop();
        })
      : null;
  io?.observe(canvas);

  const ro =
    typeof ResizeObserver === 'function'
      ? new ResizeObserver(() => {
          resize();
          draw();
        })
      : null;
  ro?.observe(canvas);

  return () => {
    stop();
    document.removeEventListener('visibilitychange', onVisibility);
    reduced?.removeEventListener?.('change', onMotion);
    io?.disconnect();
    ro?.disconnect();
  };
}

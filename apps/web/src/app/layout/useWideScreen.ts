import { useEffect, useState } from 'react';

/** True while window.innerWidth > min (spec 2.3: the help widget shows only above 1200). */
export function useWideScreen(min: number): boolean {
  const [wide, setWide] = useState(() => typeof window !== 'undefined' && window.innerWidth > min);
  useEffect(() => {
    const onResize = () => setWide(window.innerWidth > min);
    onResize();
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [min]);
  return wide;
}

import { type RefObject, useEffect, useState } from 'react';

/**
 * Whether the element has come within `margin` of the viewport; once true it stays true. A chart
 * below a phone's first screen then loads and draws only when the user scrolls towards it, which
 * spares the phone Highcharts' download, evaluation and first draw (together about 0.35 s of
 * blocking time on Lighthouse's mid-range phone) on a visit that never looks at it. Where the
 * browser has no IntersectionObserver (jsdom) it is true at once.
 */
export const useNearViewport = (ref: RefObject<Element | null>, margin = '200px'): boolean => {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    }, { rootMargin: margin });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, near, margin]);
  return near;
};

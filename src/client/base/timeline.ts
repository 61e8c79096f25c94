/**
 * Marks in the page's performance timeline (`portal:evaluated`, `portal:session`): where a full
 * page load's time goes. `npm run bench -- page`
 * reads them; the browser's own performance panel shows them too.
 */
export const markTimeline = (name: string) => {
  if (typeof performance !== 'undefined' && typeof performance.mark === 'function') performance.mark(`portal:${name}`);
};

/**
 * Runs `task` once the browser is idle (at the latest after `timeout` ms), or after 200 ms where
 * there is no requestIdleCallback (Safari, jsdom). Answers the cancel: work that the first render
 * does not need waits until the page is drawn and answering input.
 */
export const whenIdle = (task: () => void, timeout = 2000): (() => void) => {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(task, 200);
  return () => clearTimeout(timer);
};

/**
 * A promise that answers null after `ms` (browser and server alike), to race others against (`Promise.race([answer,
 * deadline.reached])`), and `cancel` to clear its timer once the race is decided.
 */
export const deadline = (ms: number) => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const reached = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  return { reached, cancel: () => clearTimeout(timer) };
};

import { useEffect, useState } from 'react';

/** `value`, once it has not changed for `delayMs`: a search asks the server when the typing pauses. */
export const useSettledValue = <T>(value: T, delayMs: number): T => {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
};
